"""ralphy's permission policy: every ``can_use_tool`` request the CLI sends is decided here and recorded.

Rules use Claude Code's own syntax (``Bash(git *)``, ``Bash(npm run test:*)``, ``Read``, ``Edit(src/**)``,
``WebFetch(domain:example.com)``, ``mcp__server__tool``), in three lists: ``deny`` wins over ``ask``, which
wins over ``allow`` (Claude Code's order). With no ``permissions`` config the policy keeps what plain ``-p``
did: the CLI itself allows what ``--permission-mode``/``--allowedTools`` allow, and whatever it still asks
about is denied. With a ``permissions`` config a request no rule names is asked on a terminal (no terminal:
denied). AskUserQuestion is not a permission: it goes to ``fallback`` (the questions policy).

The one seam: ``Policy.answer(request)`` is the driver's ``on_request``; ``Policy.decisions`` what it decided.
"""

from __future__ import annotations

import fnmatch
import os
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from ralphy.claude.control import DEFAULT_DENIAL, ControlRequest, allow, deny, deny_all

KINDS = ("allow", "deny", "ask")
EDIT_TOOLS = ("Edit", "Write", "MultiEdit", "NotebookEdit")
READ_TOOLS = ("Read", "Glob", "Grep", "LS")
_RULE = re.compile(r"^\s*([A-Za-z_][\w.-]*)\s*(?:\((.*)\))?\s*$", re.S)
_SHELL_SPLIT = re.compile(r"&&|\|\||;|\||\n")


class RuleError(ValueError):
    """A permission rule that is not in Claude Code's syntax."""


@dataclass(frozen=True)
class Rule:
    tool: str
    specifier: str | None
    text: str

    @classmethod
    def parse(cls, text: str) -> "Rule":
        match = _RULE.match(text) if isinstance(text, str) else None
        if not match:
            raise RuleError(f"{text!r} is not a rule like Bash(git *), Read or Edit(src/**)")
        specifier = match.group(2)
        if specifier is not None:
            specifier = specifier.strip()
            if specifier in ("", "*"):
                specifier = None  # Bash() and Bash(*) are all of Bash
        return cls(match.group(1), specifier, text.strip())

    def matches(self, tool: str, tool_input: Mapping[str, Any], cwd: str | None = None) -> bool:
        if not self._names(tool):
            return False
        if self.specifier is None:
            return True
        spec = self.specifier
        if tool == "Bash":
            command = tool_input.get("command")
            return isinstance(command, str) and _command_matches(spec, command.strip())
        if tool in EDIT_TOOLS or tool in READ_TOOLS:
            path = _path_of(tool_input)
            return path is not None and _path_matches(spec, path, cwd)
        if tool == "WebFetch" and spec.startswith("domain:"):
            url = tool_input.get("url")
            host = re.sub(r"^[a-z]+://", "", url, flags=re.I).split("/", 1)[0].split(":", 1)[0] if isinstance(url, str) else ""
            domain = spec[len("domain:"):].strip().lower()
            return host.lower() == domain or host.lower().endswith("." + domain)
        # any other tool: the specifier is matched against its one string input, when it has one
        values = [value for value in tool_input.values() if isinstance(value, str)]
        return len(values) == 1 and fnmatch.fnmatchcase(values[0], spec)

    def _names(self, tool: str) -> bool:
        if self.tool == tool:
            return True
        if self.tool == "Edit" and tool in EDIT_TOOLS:  # Claude Code: Edit rules apply to every file-editing tool
            return True
        if self.tool == "Read" and tool in READ_TOOLS:  # and Read rules to every file-reading one
            return True
        if self.tool.startswith("mcp__") and self.tool.count("__") == 1:  # mcp__server: all its tools
            return tool.startswith(self.tool + "__")
        return False


def _command_matches(spec: str, command: str) -> bool:
    """``Bash(git:*)`` (legacy prefix) and ``Bash(git *)`` (glob) both match ``git status``. A compound command
    matches only if every part does (so ``Bash(git *)`` does not allow ``git log && rm -rf /``)."""
    parts = [part.strip() for part in _SHELL_SPLIT.split(command) if part.strip()] or [command]
    return all(_one_command(spec, part) for part in parts)


def _one_command(spec: str, command: str) -> bool:
    if spec.endswith(":*"):
        prefix = spec[:-2].strip()
        return command == prefix or command.startswith(prefix + " ")
    pattern = re.escape(spec).replace(r"\*", ".*")
    if spec.endswith(" *"):  # "git *" also matches a bare "git"
        pattern = pattern[: -len(r"\ .*")] + r"(?:\s.*)?"
    return re.fullmatch(pattern, command, re.S) is not None


def _any_part(spec: str, command: str) -> bool:
    parts = [part.strip() for part in _SHELL_SPLIT.split(command) if part.strip()] or [command]
    return any(_one_command(spec, part) for part in parts)


def _path_of(tool_input: Mapping[str, Any]) -> str | None:
    for key in ("file_path", "notebook_path", "path"):
        if isinstance(tool_input.get(key), str):
            return tool_input[key]
    return None


def _glob_regex(glob: str) -> str:
    out, i = [], 0
    while i < len(glob):
        if glob.startswith("**/", i):
            out.append(r"(?:.*/)?")
            i += 3
        elif glob.startswith("**", i):
            out.append(r".*")
            i += 2
        elif glob[i] == "*":
            out.append(r"[^/]*")
            i += 1
        elif glob[i] == "?":
            out.append(r"[^/]")
            i += 1
        else:
            out.append(re.escape(glob[i]))
            i += 1
    return "".join(out)


def _path_matches(spec: str, path: str, cwd: str | None) -> bool:
    """Gitignore-like: ``src/**`` is relative to the project, ``//abs/**`` an absolute path, ``~/x`` the home,
    a pattern without a slash matches a file name anywhere."""
    absolute = os.path.normpath(path if os.path.isabs(path) else os.path.join(cwd or os.getcwd(), path))
    if spec.startswith("//"):
        return re.fullmatch(_glob_regex(spec[1:]), absolute) is not None
    if spec.startswith("~/"):
        return re.fullmatch(_glob_regex(os.path.expanduser("~") + spec[1:]), absolute) is not None
    base = os.path.normpath(cwd or os.getcwd())
    relative = os.path.relpath(absolute, base)
    if relative == ".." or relative.startswith("../"):
        return False  # a project rule never names a path outside the project
    spec = spec.lstrip("/") if spec.startswith("/") else spec.removeprefix("./")
    if "/" not in spec.rstrip("/"):
        spec = "**/" + spec
    return re.fullmatch(_glob_regex(spec), relative) is not None


def parse_rules(permissions: Mapping[str, Any] | None) -> dict[str, list[Rule]]:
    """``{"allow": [...], "deny": [...], "ask": [...]}`` -> parsed rules; RuleError names the bad one."""
    rules: dict[str, list[Rule]] = {kind: [] for kind in KINDS}
    for kind, texts in (permissions or {}).items():
        if kind not in KINDS:
            raise RuleError(f"unknown list {kind!r} (allow, deny or ask)")
        if not isinstance(texts, list):
            raise RuleError(f"{kind} must be a list of rules")
        rules[kind] = [Rule.parse(text) for text in texts]
    return rules


def _overlap(one: Rule, other: Rule) -> bool:
    """Do the two rules name a common tool (``Edit`` covers Write, ``Read`` covers Grep, ``mcp__s`` its tools)?"""
    return one._names(other.tool) or other._names(one.tool)


def split_allowed_tools(allowed_tools: Sequence[str], permissions: Mapping[str, Any] | None,
                        ) -> tuple[list[str], list[Rule]]:
    """(the ``--allowedTools`` the CLI gets, the entries ralphy's policy allows instead).

    The CLI runs a tool its ``--allowedTools`` names without asking, so a deny or ask rule on that tool would never
    be consulted: ``allowed_tools`` holds ``Bash`` by default, and ``deny = ["Bash(rm *)"]`` let ``rm`` run. An
    entry whose tool a deny or ask rule names is therefore left out of the CLI's list and becomes an allow rule of
    ralphy's policy, which deny and ask rules come before: ``Bash`` stays allowed except what the rules deny or ask
    about. An entry is read as the CLI reads it, rules split on commas and spaces outside parentheses (``"Bash,Read"``
    is two rules, and its Bash must not reach the CLI either). A config ralphy cannot parse leaves the list as it is
    (the config check has said so)."""
    from ralphy.config import tool_rules

    try:
        rules = parse_rules(permissions)
    except RuleError:
        return list(allowed_tools), []
    narrowing = rules["deny"] + rules["ask"]
    passed: list[str] = []
    moved: list[Rule] = []
    for entry in allowed_tools:
        texts = tool_rules(entry) if isinstance(entry, str) else None
        for text in [entry] if texts is None else texts:
            try:
                rule = Rule.parse(text)
            except RuleError:
                passed.append(text)
                continue
            if any(_overlap(rule, other) for other in narrowing):
                moved.append(Rule(rule.tool, rule.specifier, f"{rule.text} (allowed_tools)"))
            else:
                passed.append(text)
    return passed, moved


def summarize(tool: str | None, tool_input: Mapping[str, Any], limit: int = 200) -> str:
    """A one-line view of what a tool wanted to do (the command, the path, the URL...)."""
    for key in ("command", "file_path", "notebook_path", "path", "url", "pattern", "query", "description"):
        value = tool_input.get(key)
        if isinstance(value, str) and value:
            text = " ".join(value.split())
            return text if len(text) <= limit else text[: limit - 1] + "…"
    text = " ".join(f"{key}={value!r}" for key, value in list(tool_input.items())[:3])
    return text[:limit]


@dataclass(frozen=True)
class Decision:
    tool: str
    summary: str
    decision: str  # allow | deny
    rule: str  # the rule that decided, or how: "ask: yes", "ask: no terminal", "default"
    agent_id: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"tool": self.tool, "input": self.summary, "decision": self.decision, "rule": self.rule,
                "agent_id": self.agent_id}


@dataclass
class Policy:
    """Decides ``can_use_tool`` requests from ``rules``; ``ask`` puts a question to the person at a terminal
    (None: nobody there, so what no rule names is denied)."""

    rules: dict[str, list[Rule]] = field(default_factory=lambda: {kind: [] for kind in KINDS})
    cwd: str | None = None
    ask: Callable[[str], str | None] | None = None
    fallback: Callable[[ControlRequest], "dict[str, Any] | None"] = deny_all
    decisions: list[Decision] = field(default_factory=list)

    @classmethod
    def from_config(cls, permissions: Mapping[str, Any] | None, allowed_tools: Sequence[str] = (),
                    **kwargs: Any) -> "Policy":
        """The policy of a ``permissions`` config; ``allowed_tools`` entries that ``split_allowed_tools`` keeps
        from the CLI are allowed here, after the deny and ask rules."""
        rules = parse_rules(permissions)
        rules["allow"] += split_allowed_tools(allowed_tools, permissions)[1]
        return cls(rules=rules, **kwargs)

    @property
    def configured(self) -> bool:
        return any(self.rules.values())

    def decide(self, tool: str, tool_input: Mapping[str, Any]) -> tuple[str, str]:
        """(``allow`` | ``deny`` | ``ask``, the rule or reason)."""
        for kind in ("deny", "ask", "allow"):
            for rule in self.rules[kind]:
                if kind == "deny" and tool == "Bash" and rule.tool == "Bash" and rule.specifier:
                    command = tool_input.get("command")  # deny when ANY part of a compound command is denied
                    if isinstance(command, str) and _any_part(rule.specifier, command.strip()):
                        return kind, rule.text
                elif rule.matches(tool, tool_input, self.cwd):
                    return kind, rule.text
        return ("ask", "no rule") if self.configured else ("deny", "default")

    def answer(self, request: ControlRequest) -> "dict[str, Any] | None":
        """The driver's ``on_request``."""
        if request.subtype != "can_use_tool" or request.tool_name == "AskUserQuestion":
            return self.fallback(request)
        tool = request.tool_name or "?"
        summary = summarize(tool, request.input)
        kind, rule = self.decide(tool, request.input)
        if kind == "ask":
            reply = self.ask(f"Claude wants to use {tool}: {summary}\nAllow? [y/N]") if self.ask else None
            if reply is None:
                kind, rule = "deny", f"{rule}; nobody to ask"
            else:
                kind, rule = ("allow" if reply.strip().lower() in ("y", "yes") else "deny"), f"asked: {reply.strip()[:20]}"
        self.decisions.append(Decision(tool, summary, kind, rule, request.agent_id))
        if kind == "allow":
            return allow(request)
        if rule == "default":
            return deny(DEFAULT_DENIAL)
        return deny(f"Denied by ralphy's permission policy ({rule}).")

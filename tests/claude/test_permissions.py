"""ralphy.claude.permissions: Claude Code's rule syntax, deny > ask > allow, and the policy's answers."""

from __future__ import annotations

import pytest

from ralphy.claude.driver import DEFAULT_DENIAL, QUESTION_DENIAL, ControlRequest
from ralphy.claude.permissions import Policy, Rule, RuleError, parse_rules, split_allowed_tools, summarize


def _request(tool: str, **tool_input) -> ControlRequest:
    return ControlRequest.parse({"type": "control_request", "request_id": "r1", "request": {
        "subtype": "can_use_tool", "tool_name": tool, "input": tool_input}})


@pytest.mark.parametrize("rule, command, expected", [
    ("Bash(git *)", "git status", True),
    ("Bash(git *)", "git", True),
    ("Bash(git *)", "gitk", False),
    ("Bash(git *)", "ls && git status", False),  # every part of a compound command must match
    ("Bash(git *)", "git log && git diff", True),
    ("Bash(npm run test:*)", "npm run test -- --watch", True),
    ("Bash(npm run test:*)", "npm run testing", False),
    ("Bash(npm run build)", "npm run build", True),
    ("Bash(npm run build)", "npm run build --prod", False),
    ("Bash", "anything at all", True),
    ("Bash(*)", "rm -rf /", True),
    ("Read", "cat x", False),  # another tool
])
def test_bash_rules(rule, command, expected):
    assert Rule.parse(rule).matches("Bash", {"command": command}, "/p") is expected


@pytest.mark.parametrize("rule, tool, path, expected", [
    ("Edit(src/**)", "Edit", "/p/src/a/b.py", True),
    ("Edit(src/**)", "Write", "/p/src/new.py", True),  # Edit rules cover every editing tool
    ("Edit(src/**)", "Edit", "/p/tests/a.py", False),
    ("Edit(src/**)", "Edit", "/p/../etc/passwd", False),
    ("Edit(src/*.py)", "Edit", "/p/src/a/b.py", False),
    ("Edit(*.md)", "Edit", "/p/docs/x.md", True),  # no slash: a file name anywhere
    ("Read", "Grep", "/p/x", True),
    ("Read(//etc/**)", "Read", "/etc/hosts", True),
    ("Read(//etc/**)", "Read", "/p/etc/hosts", False),
    ("Edit(src/**)", "Read", "/p/src/a.py", False),
])
def test_path_rules(rule, tool, path, expected):
    assert Rule.parse(rule).matches(tool, {"file_path": path}, "/p") is expected


def test_other_rules():
    assert Rule.parse("WebFetch(domain:example.com)").matches("WebFetch", {"url": "https://docs.example.com/a"})
    assert not Rule.parse("WebFetch(domain:example.com)").matches("WebFetch", {"url": "https://example.org/"})
    assert Rule.parse("mcp__github").matches("mcp__github__create_issue", {})
    assert not Rule.parse("mcp__github").matches("mcp__gitlab__x", {})
    assert Rule.parse("mcp__github__create_issue").matches("mcp__github__create_issue", {})


@pytest.mark.parametrize("bad", ["", "Bash(", "(git *)", "Bash git"])
def test_bad_rules_are_refused(bad):
    with pytest.raises(RuleError):
        Rule.parse(bad)
    with pytest.raises(RuleError):
        parse_rules({"allow": [bad]})


def test_precedence_deny_over_ask_over_allow():
    policy = Policy.from_config({"allow": ["Bash", "Edit"], "ask": ["Bash(git push *)"], "deny": ["Bash(rm *)"]},
                                cwd="/p")
    assert policy.decide("Bash", {"command": "ls"}) == ("allow", "Bash")
    assert policy.decide("Bash", {"command": "git push origin main"}) == ("ask", "Bash(git push *)")
    assert policy.decide("Bash", {"command": "rm -rf build"}) == ("deny", "Bash(rm *)")
    assert policy.decide("Bash", {"command": "ls; rm -rf build"}) == ("deny", "Bash(rm *)")  # any part denied
    assert policy.decide("WebFetch", {"url": "https://x"}) == ("ask", "no rule")


DEFAULT_TOOLS = ["Read", "Write", "Edit", "Glob", "Grep", "Bash", "Agent", "Task", "TodoWrite"]


@pytest.mark.parametrize("permissions, passed, moved", [
    ({}, DEFAULT_TOOLS, []),
    ({"allow": ["Bash(git *)"]}, DEFAULT_TOOLS, []),  # an allow rule only adds: nothing to keep from the CLI
    ({"deny": ["Bash(rm *)"]}, [t for t in DEFAULT_TOOLS if t != "Bash"], ["Bash"]),
    ({"ask": ["Bash(git push *)"], "deny": ["Write(secrets/**)"]},
     ["Read", "Glob", "Grep", "Agent", "Task", "TodoWrite"], ["Write", "Edit", "Bash"]),  # Edit covers Write
    ({"deny": ["Grep(**/.env)"]}, ["Write", "Edit", "Glob", "Bash", "Agent", "Task", "TodoWrite"],
     ["Read", "Grep"]),  # Read rules cover Grep
])
def test_allowed_tools_a_deny_or_ask_rule_names_are_left_to_the_policy(permissions, passed, moved):
    kept, rules = split_allowed_tools(DEFAULT_TOOLS, permissions)
    assert kept == passed and [rule.tool for rule in rules] == moved


def test_an_entry_holding_several_rules_is_split_as_the_cli_splits_it():
    """``"Bash,Read"`` reaches the CLI as two rules (ralphy joins the entries with commas, the CLI splits on commas
    and spaces outside parentheses): its Bash is kept from the CLI as a lone ``Bash`` entry is (r20b: it was passed
    whole, and ``rm`` ran unasked)."""
    kept, rules = split_allowed_tools(["Bash,Read", "Glob Bash(git *)", "Edit(src/**)"], {"deny": ["Bash(rm *)"]})
    assert kept == ["Read", "Glob", "Edit(src/**)"]
    assert [rule.text for rule in rules] == ["Bash (allowed_tools)", "Bash(git *) (allowed_tools)"]


def test_a_deny_rule_on_an_allowed_tool_is_consulted_and_the_rest_of_the_tool_stays_allowed():
    """allowed_tools has Bash (the default) and a deny rule names `rm`: the CLI is not told to allow Bash (it would
    run `rm` without asking), and ralphy allows every other Bash command as allowed_tools said."""
    from types import SimpleNamespace

    from ralphy.claude.command import argv_for

    config = SimpleNamespace(model=None, permission_mode="default", allowed_tools=DEFAULT_TOOLS, max_turns=5,
                             extra_args=[], permissions={"deny": ["Bash(rm *)"]})
    argv = argv_for("claude", config)
    assert argv[argv.index("--allowedTools") + 1] == "Read,Write,Edit,Glob,Grep,Agent,Task,TodoWrite"
    policy = Policy.from_config(config.permissions, config.allowed_tools, cwd="/p")
    assert policy.answer(_request("Bash", command="rm -rf build"))["behavior"] == "deny"
    assert policy.answer(_request("Bash", command="pytest -q"))["behavior"] == "allow"
    assert [(d.decision, d.rule) for d in policy.decisions] == [("deny", "Bash(rm *)"),
                                                                ("allow", "Bash (allowed_tools)")]


def test_default_policy_denies_as_plain_p_did_and_records():
    policy = Policy(cwd="/p")
    answer = policy.answer(_request("WebFetch", url="https://example.com"))
    assert answer == {"behavior": "deny", "message": DEFAULT_DENIAL}
    assert [d.to_dict() for d in policy.decisions] == [{"tool": "WebFetch", "input": "https://example.com",
                                                       "decision": "deny", "rule": "default", "agent_id": None}]


def test_questions_go_to_the_fallback_unrecorded():
    policy = Policy.from_config({"allow": ["AskUserQuestion"]})
    assert policy.answer(_request("AskUserQuestion", questions=[])) == {"behavior": "deny", "message": QUESTION_DENIAL}
    assert policy.decisions == []


def test_ask_on_a_terminal_and_without_one():
    asked: list[str] = []
    policy = Policy.from_config({"allow": ["Read"]}, cwd="/p", ask=lambda text: asked.append(text) or "y")
    assert policy.answer(_request("Bash", command="make")) == {"behavior": "allow", "updatedInput": {"command": "make"}}
    assert "Bash: make" in asked[0]
    no_terminal = Policy.from_config({"allow": ["Read"]}, cwd="/p", ask=None)
    assert no_terminal.answer(_request("Bash", command="make"))["behavior"] == "deny"
    assert no_terminal.decisions[0].rule == "no rule; nobody to ask"
    refused = Policy.from_config({"allow": ["Read"]}, cwd="/p", ask=lambda text: "n")
    assert refused.answer(_request("Bash", command="make"))["behavior"] == "deny"


def test_summary_is_one_short_line():
    assert summarize("Bash", {"command": "echo a\n  echo b"}) == "echo a echo b"
    assert len(summarize("Bash", {"command": "x" * 500})) == 200


# --------------------------------------------------------------------------------------------- the config key

from ralphy.config import load_config  # noqa: E402
from ralphy.errors import ConfigError  # noqa: E402


def _project(tmp_path, text: str):
    (tmp_path / ".ralphy.toml").write_text(text)
    return tmp_path


def test_config_key_from_a_file_and_a_variable(tmp_path):
    env = {"RALPHY_CONFIG": str(tmp_path / "none.toml"), "RALPHY_STATE_DIR": str(tmp_path / "state")}
    project = _project(tmp_path, '[permissions]\ndeny = ["Bash(rm *)"]\nask = ["Bash(git push *)"]\n')
    assert load_config(project, environ=env).permissions == {"deny": ["Bash(rm *)"], "ask": ["Bash(git push *)"]}
    env2 = {**env, "RALPHY_PERMISSIONS": '{"allow": ["Read"]}'}
    assert load_config(project, environ=env2).permissions == {"allow": ["Read"]}


@pytest.mark.parametrize("text, words", [
    ('[permissions]\nalow = ["Read"]\n', "did you mean allow"),
    ('[permissions]\ndeny = "Bash"\n', "permissions.deny must be a list of strings"),
    ('[permissions]\ndeny = ["Bash("]\n', "is not a rule like"),
    ('permissions = ["Bash"]\n', "must be a table"),
])
def test_config_mistakes_are_one_line_errors(tmp_path, text, words):
    env = {"RALPHY_CONFIG": str(tmp_path / "none.toml"), "RALPHY_STATE_DIR": str(tmp_path / "state")}
    with pytest.raises(ConfigError) as info:
        load_config(_project(tmp_path, text), environ=env)
    assert words in str(info.value) and ".ralphy.toml" in str(info.value)


def test_allow_rules_from_the_repository_need_trust(tmp_path):
    from ralphy.errors import UntrustedConfigError

    env = {"RALPHY_CONFIG": str(tmp_path / "none.toml"), "RALPHY_STATE_DIR": str(tmp_path / "state")}
    with pytest.raises(UntrustedConfigError):
        load_config(_project(tmp_path, '[permissions]\nallow = ["Bash"]\n'), environ=env)
    # deny rules only narrow: no trust needed
    assert load_config(_project(tmp_path, '[permissions]\ndeny = ["Bash"]\n'), environ=env).permissions

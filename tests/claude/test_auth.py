"""Authentication failures are recognised on every Claude CLI version, in every wording it uses.

The transcripts under tests/data/transcripts/auth/ are real output: `not-logged-in-<v>` of each CLI run with no
API key and an empty config dir, `invalid-key-<v>` of each CLI given a key the API refused (2.0.0 and 2.1.62
retry silently for ~180 s and never say the status), `connection-refused-2.1.197` with nothing listening.
"""

from __future__ import annotations

import json

import pytest

from ralphy.claude.events import ApiRetry, ResultEvent, parse_line
from ralphy.claude.limits import auth_failure, classify_failure, is_auth_result, login_hint, synthetic_auth_failure
from tests.claude.test_limits import result_line, run_result
from tests.conftest import TRANSCRIPTS

AUTH = TRANSCRIPTS / "auth"


def events_of(name: str) -> list:
    lines = (AUTH / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
    return [event for line in lines for event in parse_line(line)]


# What each transcript's final result says, read from the files by hand before writing the code.
CLI_SAID = {
    "not-logged-in-2.0.0": "Invalid API key · Please run /login",
    "not-logged-in-2.1.62": "Not logged in · Please run /login",
    "not-logged-in-2.1.197": "Not logged in · Please run /login",
    "not-logged-in-2.1.330": "Not logged in · Please run /login",
    "invalid-key-2.0.0": "Invalid API key · Fix external API key",
    "invalid-key-2.1.62": "Invalid API key · Fix external API key",
}


@pytest.mark.parametrize("name", sorted(CLI_SAID))
def test_every_versions_final_text_is_an_authentication_failure(name: str) -> None:
    events = events_of(name)
    (result,) = [event for event in events if isinstance(event, ResultEvent)]
    assert result.result == CLI_SAID[name] and result.api_error_status is None  # no status to go by
    assert is_auth_result(result)
    assert classify_failure(run_result(events, exit_code=1)) == "auth"
    assert auth_failure(events, result) == CLI_SAID[name]


def test_an_api_retry_of_a_refused_key_is_one_even_before_any_result() -> None:
    events = events_of("invalid-key-2.1.100")  # cut short by the recording: six 401 retries, no result yet
    assert not [event for event in events if isinstance(event, ResultEvent)]
    assert auth_failure(events, None) == "HTTP 401: authentication_failed"
    assert classify_failure(run_result(events, exit_code=-15, auth_failed=True)) == "auth"


def test_an_unreachable_api_is_not_an_authentication_failure() -> None:
    events = events_of("connection-refused-2.1.197")
    assert [event.error_status for event in events if isinstance(event, ApiRetry)] == [None, None]
    assert auth_failure(events, events[-1]) is None
    assert classify_failure(run_result(events, exit_code=1)) == "error"


# Wordings for a refused, missing or expired login found in the bundles of the CLIs 2.0.0, 2.1.197 and 2.1.330.
@pytest.mark.parametrize("text", [
    "Invalid API key · Run /login",
    "OAuth token revoked · Please run /login",
    "OAuth token has expired. Please obtain a new token or refresh your existing token.",
    "Login expired · Please run /login",
    "Login reached its time limit · Please run /login",
    "Not logged in. Run claude auth login to authenticate.",
    "Your account does not have access to Claude Code. Please run /login.",
    "Failed to authenticate: OAuth token revoked. Please log in again or contact your administrator.",
    "API Error: 401 Invalid API key · Please run /login",
    'API Error: 401 {"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}',
    "Session expired. Please run /login to sign in again.",
    "OAuth refresh token is no longer valid; run /login to re-authenticate",
])
def test_known_wordings_without_a_status_are_authentication_failures(text: str) -> None:
    assert classify_failure(run_result([result_line(is_error=True, result=text)], exit_code=1)) == "auth"


@pytest.mark.parametrize("text", [
    "API Error: 529 Overloaded. This is a server-side issue, usually temporary — try again in a moment.",
    "API Error: Unable to connect to API (ConnectionRefused)",
    "You've hit your session limit · resets 3:45pm",
    "API Error: Request rejected (429) · rate limited",
])
def test_other_errors_are_not(text: str) -> None:
    assert classify_failure(run_result([result_line(is_error=True, result=text)], exit_code=1)) != "auth"


def test_a_successful_answer_that_mentions_login_is_not_a_failure() -> None:
    ok = result_line(result="Done. The README now says: Not logged in? Please run /login first.")
    assert not is_auth_result(ok) and classify_failure(run_result([ok])) == "ok"


@pytest.mark.parametrize(("detail", "what"), [
    ("Not logged in · Please run /login", "not logged in"),
    ("Invalid API key · Fix external API key", "refused the API key"),
    ("HTTP 401: authentication_failed", "refused the API key"),
    ("HTTP 403: Forbidden", "refused access"),
    ("OAuth token revoked · Please run /login", "login is no longer valid"),
])
def test_the_line_says_what_happened_and_how_to_log_in_or_set_the_key(detail: str, what: str) -> None:
    line = login_hint(detail)
    assert "\n" not in line and what in line and detail in line
    assert "ANTHROPIC_API_KEY" in line and "/login" in line


def _deepest(text: str) -> int:
    depth = deepest = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        deepest = max(deepest, depth)
    return deepest


AUTH_WORDINGS = [
    "Invalid API key · Run /login",
    "OAuth token revoked · Please run /login",
    "Not logged in. Run claude auth login to authenticate.",
    "Failed to authenticate: OAuth token revoked. Please log in again or contact your administrator.",
    'API Error: 401 {"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}',
    "API Error: 401 (Invalid API key) · Please run /login",  # words with their own parentheses
]


@pytest.mark.parametrize("has_key", [True, False, None])
def test_the_line_is_one_clean_sentence_for_every_versions_words(has_key: bool | None) -> None:
    """No parentheses inside parentheses ("... (HTTP 401 refused the credentials (authentication_failed))"), one
    line, the CLI's words kept, one full stop before the advice: for every recorded version and known wording."""
    details = []
    for name in [*sorted(CLI_SAID), "invalid-key-2.1.100"]:
        events = events_of(name)
        results = [event for event in events if isinstance(event, ResultEvent)]
        details.append(auth_failure(events, results[-1] if results else None))
    for text in AUTH_WORDINGS:
        result = result_line(is_error=True, result=text)
        details += [auth_failure([result], result), auth_failure([], result_line(is_error=True, result=text,
                                                                                 api_error_status=401))]
    assert None not in details and len(details) == 7 + 2 * len(AUTH_WORDINGS)
    for detail in details:
        line = login_hint(detail, has_key)
        assert _deepest(line) <= 1 and line.count("(") == line.count(")"), line
        assert "\n" not in line and ".." not in line, line
        assert detail.rstrip(".") in line, line
        assert line.startswith("authentication failed: ") and line.endswith("then run `ralphy dev` again"), line


def test_a_result_with_status_401_keeps_its_words() -> None:
    result = result_line(is_error=True, api_error_status=401, result="Invalid API key · Fix external API key")
    assert auth_failure([result], result) == "HTTP 401: Invalid API key · Fix external API key"
    assert json.dumps(login_hint(auth_failure([result], result) or "")).count("401") == 1


def test_old_clis_that_retry_silently_get_few_retries_unless_the_user_chose() -> None:
    from ralphy.claude.limits import retry_env
    from ralphy.claude.version import Version

    env = {"PATH": "/bin"}
    assert retry_env(env, Version(2, 0, 0)) == {"PATH": "/bin", "CLAUDE_CODE_MAX_RETRIES": "3"}
    assert retry_env(env, Version(2, 1, 62))["CLAUDE_CODE_MAX_RETRIES"] == "3"
    assert retry_env(env, Version(2, 1, 100)) is env  # says api_retry: ralphy stops it at the first refusal
    assert retry_env(env, Version(2, 1, 330)) is env
    assert retry_env(env, None) is env  # unknown version: left alone
    chosen = {"CLAUDE_CODE_MAX_RETRIES": "10"}
    assert retry_env(chosen, Version(2, 0, 0)) is chosen


@pytest.mark.parametrize("name", ["not-logged-in-2.0.0", "not-logged-in-2.1.62", "not-logged-in-2.1.197",
                                  "not-logged-in-2.1.330", "invalid-key-2.0.0", "invalid-key-2.1.62",
                                  "json-schema-not-logged-in-2.1.62"])
def test_the_clis_own_answer_about_credentials_is_seen_before_any_result(name: str) -> None:
    """The CLI's synthetic assistant message (no model was asked) says the credentials are missing or refused:
    ralphy stops there, before a result that 2.1.62 never writes for a --json-schema call."""
    lines = [json.loads(line) for line in (AUTH / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()]
    said = [synthetic_auth_failure(line) for line in lines if line.get("type") == "assistant"]
    assert said and all(said), said
    assert said[0] == CLI_SAID.get(name, "Not logged in · Please run /login")
    assert [synthetic_auth_failure(line) for line in lines if line.get("type") != "assistant"] == [None] * (
        len(lines) - len(said))


def test_an_unreachable_api_or_a_model_that_mentions_a_login_is_no_such_answer() -> None:
    lines = [json.loads(line) for line in (AUTH / "connection-refused-2.1.197.jsonl").read_text().splitlines()]
    assert any(line.get("message", {}).get("model") == "<synthetic>" for line in lines)  # "Unable to connect"
    assert [synthetic_auth_failure(line) for line in lines] == [None] * len(lines)
    model_said = {"type": "assistant", "message": {"model": "claude-sonnet-4-6", "content": [
        {"type": "text", "text": "The README says: Not logged in? Please run /login first."}]}}
    assert synthetic_auth_failure(model_said) is None
    assert synthetic_auth_failure({"type": "assistant", "message": "odd", "error": 5}) is None
    assert synthetic_auth_failure({**model_said, "message": {**model_said["message"], "model": "<synthetic>"}}) == (
        "The README says: Not logged in? Please run /login first.")  # the CLI's own words: its words count

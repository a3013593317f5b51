"""FakeMessagesAPI over real HTTP: the anthropic SDK and urllib as clients."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request

import anthropic
import pytest

from ralphy.testing import (
    FakeMessagesAPI,
    Request,
    authentication_error,
    cut,
    overloaded,
    permission_error,
    rate_limited,
    server_error,
    slow,
    text,
    tool_use,
    usage_limit,
    with_fault,
)

TOOLS = [{"name": "Write", "description": "write a file", "input_schema": {"type": "object"}}]


def client(api: FakeMessagesAPI) -> anthropic.Anthropic:
    return anthropic.Anthropic(base_url=api.url, api_key="fake", max_retries=0, timeout=10)


def post(api: FakeMessagesAPI, path: str, body: dict) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(api.url + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers.items()), response.read()
    except urllib.error.HTTPError as exc:
        with exc:
            return exc.code, dict(exc.headers.items()), exc.read()


def sse_event_names(raw: bytes) -> list[str]:
    return [line[len("event: "):] for line in raw.decode().splitlines() if line.startswith("event: ")]


def body(stream: bool = False, **extra) -> dict:
    return {"model": "claude-test", "max_tokens": 100, "tools": TOOLS, "stream": stream,
            "messages": [{"role": "user", "content": "hello"}], **extra}


def test_plain_json_reply_with_text_and_tool_use():
    reply = text("I will write it.") + tool_use("Write", {"file_path": "/tmp/x.py", "content": "# x\n"})
    with FakeMessagesAPI(lambda request: reply) as api, client(api) as sdk:
        message = sdk.messages.create(model="claude-test", max_tokens=100, tools=TOOLS,
                                              messages=[{"role": "user", "content": "hello"}])
    assert message.stop_reason == "tool_use"
    assert message.content[0].text == "I will write it."
    assert message.content[1].name == "Write" and message.content[1].input == {"file_path": "/tmp/x.py",
                                                                               "content": "# x\n"}
    assert message.content[1].id.startswith("toolu_")
    assert message.usage.input_tokens > 0


def test_streaming_reply_is_assembled_by_the_sdk():
    reply = tool_use("Write", {"file_path": "a.py", "content": "x"}) + tool_use("Write", {"file_path": "b.py"})
    with FakeMessagesAPI(lambda request: reply) as api, client(api) as sdk:
        with sdk.messages.stream(model="claude-test", max_tokens=100, tools=TOOLS,
                                         messages=[{"role": "user", "content": "hi"}]) as stream:
            message = stream.get_final_message()
    assert [b.input for b in message.content] == [{"file_path": "a.py", "content": "x"}, {"file_path": "b.py"}]
    assert len({b.id for b in message.content}) == 2
    assert message.stop_reason == "tool_use"


def test_stream_has_every_event_in_order():
    with FakeMessagesAPI(lambda request: text("done")) as api:
        status, headers, raw = post(api, "/v1/messages?beta=true", body(stream=True))
    assert status == 200 and headers["content-type"] == "text/event-stream"
    assert sse_event_names(raw) == ["message_start", "content_block_start", "content_block_delta",
                                    "content_block_stop", "message_delta", "message_stop"]
    assert '"stop_reason": "end_turn"' in raw.decode()


def test_requests_are_recorded_and_count_tokens_answers():
    with FakeMessagesAPI(lambda request: text("ok")) as api:
        post(api, "/v1/messages", body(metadata={"n": 1}))
        status, _, raw = post(api, "/v1/messages/count_tokens", {"messages": [{"role": "user", "content": "x" * 400}]})
        assert [r["metadata"] for r in api.requests] == [{"n": 1}]
    assert status == 200 and json.loads(raw)["input_tokens"] >= 100


@pytest.mark.parametrize("method, path", [("GET", "/"), ("POST", "/v1/complete"), ("GET", "/v1/messages")])
def test_unknown_routes_are_json_404s(method, path):
    with FakeMessagesAPI(lambda request: text("ok")) as api:
        request = urllib.request.Request(api.url + path, method=method, data=b"{}" if method == "POST" else None)
        with pytest.raises(urllib.error.HTTPError) as caught:
            urllib.request.urlopen(request, timeout=10)
        with caught.value as response:
            payload = json.loads(response.read())
    assert caught.value.code == 404
    assert payload["type"] == "error" and payload["error"]["type"] == "not_found_error"


def test_bad_json_is_a_400():
    with FakeMessagesAPI(lambda request: text("ok")) as api:
        request = urllib.request.Request(api.url + "/v1/messages", data=b"not json", method="POST")
        with pytest.raises(urllib.error.HTTPError) as caught:
            urllib.request.urlopen(request, timeout=10)
        caught.value.close()
    assert caught.value.code == 400


@pytest.mark.parametrize("fault, status, error_type, sdk_error", [
    (authentication_error(), 401, "authentication_error", anthropic.AuthenticationError),
    (permission_error(), 403, "permission_error", anthropic.PermissionDeniedError),
    (rate_limited(7), 429, "rate_limit_error", anthropic.RateLimitError),
    (server_error(), 500, "api_error", anthropic.InternalServerError),
    (overloaded(), 529, "overloaded_error", anthropic.APIStatusError),
])
def test_http_faults(fault, status, error_type, sdk_error):
    with FakeMessagesAPI(lambda request: fault) as api, client(api) as sdk:
        with pytest.raises(sdk_error) as caught:
            sdk.messages.create(model="m", max_tokens=10, messages=[{"role": "user", "content": "x"}])
    assert caught.value.status_code == status
    assert caught.value.body["error"]["type"] == error_type
    if status == 429:
        assert caught.value.response.headers["retry-after"] == "7"


def test_usage_limit_sends_the_unified_rate_limit_headers():
    with FakeMessagesAPI(lambda request: usage_limit(resets_at=1_900_000_000, limit="seven_day")) as api:
        status, headers, _ = post(api, "/v1/messages", body())
    assert status == 429
    assert headers["anthropic-ratelimit-unified-status"] == "rejected"
    assert headers["anthropic-ratelimit-unified-reset"] == "1900000000"
    assert headers["anthropic-ratelimit-unified-representative-claim"] == "seven_day"


def test_with_fault_hits_only_the_first_n_requests():
    with FakeMessagesAPI(with_fault(lambda request: text("fine"), overloaded(), times=2)) as api:
        statuses = [post(api, "/v1/messages", body())[0] for _ in range(4)]
    assert statuses == [529, 529, 200, 200]


def test_side_requests_go_to_the_side_handler():
    with FakeMessagesAPI(lambda request: text("main")) as api:
        _, _, raw = post(api, "/v1/messages", {
            "model": "m", "max_tokens": 50, "system": [
                {"type": "text", "text": "x-anthropic-billing-header: cc_version=2.1.197.e8f; cc_entrypoint=sdk-cli;"},
                {"type": "text", "text": "Generate a title. Return JSON with a single \"title\" field."}],
            "messages": [{"role": "user", "content": "<session>work</session>"}]})
        _, _, main = post(api, "/v1/messages", body())
        _, _, quota = post(api, "/v1/messages", {"model": "m", "max_tokens": 1,
                                                 "messages": [{"role": "user", "content": "quota"}]})
    assert json.loads(quota)["content"][0]["text"] != "main"
    assert json.loads(json.loads(raw)["content"][0]["text"]) == {"title": "Work through TASKS.md"}
    assert json.loads(main)["content"][0]["text"] == "main"


def test_a_2_0_side_request_is_told_by_the_clis_user_agent():
    # 2.0.0 puts no billing header in the system prompt; its git-history side request (the first one it makes)
    # went to the scenario and took a test's scripted fault
    side = {"model": "m", "max_tokens": 512, "system": [{"type": "text", "text": "You are an expert at analyzing git "
            "history."}], "messages": [{"role": "user", "content": "Files modified by user:\n"}]}
    assert Request(side, headers={"User-Agent": "claude-cli/2.0.0 (external, sdk-cli)"}).is_side
    assert not Request(side, headers={"User-Agent": "Anthropic/Python 0.40.0"}).is_side  # another client
    with_tools = dict(side, tools=[{"name": "Read", "input_schema": {"type": "object"}}])
    assert not Request(with_tools, headers={"user-agent": "claude-cli/2.0.0 (external, sdk-cli)"}).is_side


def test_a_scenario_bug_is_a_500_and_is_kept():
    def broken(request: Request):
        raise KeyError("oops")

    with FakeMessagesAPI(broken) as api:
        status, _, _ = post(api, "/v1/messages", body())
        assert [type(e) for e in api.errors] == [KeyError]
    assert status == 500


def test_cut_stream_stops_without_message_stop():
    with FakeMessagesAPI(lambda request: cut(text("half an answer"), after_events=2)) as api:
        status, _, raw = post(api, "/v1/messages", body(stream=True))
    assert status == 200
    assert sse_event_names(raw) == ["message_start", "content_block_start"]


def test_slow_reply_waits_before_and_between_events():
    with FakeMessagesAPI(lambda request: slow(text("zzz"), before=0.3, between=0.1)) as api:
        started = time.monotonic()
        _, _, raw = post(api, "/v1/messages", body(stream=True))
        elapsed = time.monotonic() - started
    assert elapsed >= 0.3 + 5 * 0.1
    assert sse_event_names(raw)[-1] == "message_stop"


def test_closing_does_not_wait_for_a_slow_reply_or_idle_connections():
    api = FakeMessagesAPI(lambda request: slow(text("never"), before=60)).start()
    sdk = client(api)
    import threading

    outcome = []
    caller = threading.Thread(target=lambda: outcome.append(_call_and_catch(sdk)))
    caller.start()
    time.sleep(0.3)
    started = time.monotonic()
    api.close()
    caller.join(10)
    sdk.close()
    assert time.monotonic() - started < 5
    assert outcome and isinstance(outcome[0], anthropic.APIError)


def _call_and_catch(sdk: anthropic.Anthropic) -> object:
    try:
        return sdk.messages.create(model="m", max_tokens=10, messages=[{"role": "user", "content": "x"}])
    except anthropic.APIError as exc:
        return exc


def test_url_needs_a_running_server():
    with pytest.raises(RuntimeError, match="not running"):
        FakeMessagesAPI(lambda request: text("x")).url

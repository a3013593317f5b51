"""End-to-end tests that fail on a CLI version of the supported range, and why (tests/conftest.py marks them
xfail on that version only). Measured with RALPHY_TEST_RANGE=1; each entry is work for the owner named, and
goes once the test passes there (an XPASS says so). The pinned CLI has no entries. Versions outside CI's range
(2.1.100) were measured by hand with RALPHY_TEST_CLAUDE_BIN."""

# A CLI older than ralphy's range (ralphy.claude.version.MIN_SUPPORTED; 1.0.128 is installed on the team's machine):
# ralphy refuses it before starting it, in one line, so every end-to-end test of a run fails there by design and
# tests/conftest.py marks all the real-CLI tests xfail with this reason; one that does not need ralphy to run the
# CLI (ralphy.testing's own, a parser's) shows as XPASS. Measured on 1.0.128 by suite15 (stop 15).
BELOW_THE_RANGE = ("ralphy refuses a Claude CLI older than {minimum} before it starts it ('... older than ralphy "
                   "supports'), so a run has nothing to test there")

KNOWN_FAILURES: dict[str, dict[str, str]] = {
    "2.0.0": {
        # ralphy.testing's own end-to-end tests state the newer CLIs' stream facts; 2.0.0 lacks them (VERSIONS.md)
        "tests/testing/test_e2e_cli.py::test_dev_scenario_delegates_a_group_and_completes_tasks_md":
            "the test expects an Agent call and a task_started line; 2.0.0 delegates with Task and sends no "
            "task_started (ralphy's own delegation report passes there: test_dev_loop) (testing)",
        "tests/testing/test_e2e_cli.py::test_401_ends_with_is_error_and_status":
            "2.0.0's result line has no api_error_status (ralphy reads its text: limits.is_auth_result) (testing)",
        "tests/testing/test_e2e_cli.py::test_transient_fault_on_first_request_is_retried":
            "2.0.0 retries without api_retry events (testing)",
        "tests/testing/test_e2e_cli.py::test_usage_limit_gives_rate_limit_event_and_session_limit_text":
            "2.0.0 sends no rate_limit_event; its text is 'Session limit reached ∙ resets Mar 17, 2030, 5:46pm' "
            "(measured 15:00 by newest9; testing)",
        "tests/testing/test_e2e_cli.py::test_cut_stream_makes_the_cli_fall_back_to_a_non_streaming_request":
            "2.0.0 retries the cut stream streamed ([True, True]) and writes no result text (testing)",
        "tests/e2e/test_live_questions.py::test_ask_on_a_terminal_answers_in_the_same_turn_and_the_tasks_finish_in_one_iteration":
            "2.0.0 has no AskUserQuestion tool (\"No such tool available\", VERSIONS.md): nothing to answer live; a question in the final message is still detected (measured 15:55 by questions9; questions)",
        "tests/e2e/test_live_questions.py::test_pause_ends_the_run_with_exit_4_then_answer_and_dev_resume_the_same_session":
            "2.0.0 has no AskUserQuestion tool (\"No such tool available\", VERSIONS.md): nothing to answer live; a question in the final message is still detected (measured 15:55 by questions9; questions)",
        "tests/e2e/test_live_questions.py::test_auto_answers_with_the_recommended_option_and_the_run_finishes":
            "2.0.0 has no AskUserQuestion tool (\"No such tool available\", VERSIONS.md): nothing to answer live; a question in the final message is still detected (measured 15:55 by questions9; questions)",
        "tests/e2e/test_live_questions.py::test_auto_is_bounded_per_task_group_then_pauses":
            "2.0.0 has no AskUserQuestion tool (\"No such tool available\", VERSIONS.md): nothing to answer live; a question in the final message is still detected (measured 15:55 by questions9; questions)",
        "tests/claude/test_real_cli.py::test_an_ask_user_question_call_is_denied_with_the_prompts_other_way_to_ask":
            "2.0.0 has no AskUserQuestion tool: the CLI itself answers \"No such tool available\", ralphy's denial "
            "never reaches the model (measured 17:21 by tidy10; driver)",
    },
    # 2.1.100 is not in CI's range; measured by versions14 (RALPHY_TEST_CLAUDE_BIN=<2.1.100> pytest -m e2e). ralphy's own
    # tests pass there (401 fail-fast, usage limits, delegation report): only ralphy.testing's stream facts differ
    "2.1.100": {
        "tests/testing/test_e2e_cli.py::test_dev_scenario_delegates_a_group_and_completes_tasks_md":
            "2.1.100's task_started line has no subagent_type key (2.1.62's has it null); ralphy resolves the "
            "delegation from the Agent call (test_dev_loop passes there) (testing)",
        "tests/testing/test_e2e_cli.py::test_401_ends_with_is_error_and_status":
            "2.1.100's result line has no api_error_status, like 2.1.62's (ralphy reads its text: "
            "limits.is_auth_result; test_dev_loop's 401 test passes there) (testing)",
        "tests/testing/test_e2e_cli.py::test_usage_limit_gives_rate_limit_event_and_session_limit_text":
            "2.1.100's result line has no api_error_status (the test expects none only up to 2.1.62); its "
            "rate_limit_event is as 2.1.197's (testing)",
        "tests/testing/test_e2e_cli.py::test_usage_limit_with_an_api_key_is_a_plain_429":
            "2.1.100's result line has no api_error_status (the test expects none only up to 2.1.62) (testing)",
    },
    "2.1.62": {
        # ralphy.testing's own end-to-end tests state the newer CLIs' stream facts; 2.1.62 lacks these (VERSIONS.md)
        "tests/testing/test_e2e_cli.py::test_dev_scenario_delegates_a_group_and_completes_tasks_md":
            "the test expects an Agent call; 2.1.62 delegates with Task and its task_started has a null "
            "subagent_type (ralphy's own delegation report passes there: test_dev_loop) (testing)",
        "tests/testing/test_e2e_cli.py::test_401_ends_with_is_error_and_status":
            "2.1.62's result line has no api_error_status (ralphy reads its text: limits.is_auth_result) (testing)",
        "tests/testing/test_e2e_cli.py::test_transient_fault_on_first_request_is_retried":
            "2.1.62 retries without api_retry events (testing)",
    },
}


def known_failure(version: str, nodeid: str) -> str | None:
    """Why the test ``nodeid`` (without its ``[...]`` ids) is known to fail on the CLI ``version`` ("2.1.62"): its
    entry above, or BELOW_THE_RANGE on a version older than ralphy supports; None on a supported version without an
    entry, and on a ``version`` that is no version number (a binary's name), so no failure there is hidden."""
    from ralphy.claude.version import MIN_SUPPORTED, Version

    reason = KNOWN_FAILURES.get(version, {}).get(nodeid)
    parsed = Version.parse(version)
    if reason is None and parsed is not None and parsed < MIN_SUPPORTED:
        reason = BELOW_THE_RANGE.format(minimum=MIN_SUPPORTED)
    return reason

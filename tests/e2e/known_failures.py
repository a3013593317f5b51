"""End-to-end tests that fail on a CLI version, and why (tests/conftest.py marks them xfail on that version only).
Measured with RALPHY_TEST_RANGE=1; each entry of a supported version is work for the owner named, and goes once the
test passes there (an XPASS says so). The pinned CLI has no entries. Versions outside CI's range (2.1.100, and 1.0.128
below the supported range) were measured by hand with RALPHY_TEST_CLAUDE_BINS."""

# A CLI older than ralphy's range (ralphy.claude.version.MIN_SUPPORTED; 1.0.128 is installed on the team's machine):
# ralphy refuses it before starting it, in one line holding REFUSAL, so an end-to-end test of a run fails there by
# design. tests/conftest.py counts a real-CLI test's failure there as xfail with BELOW_THE_RANGE's reason only when
# the failure shows that line (its error's text or the test's captured output): any other failure there is a
# failure, and a test that does not need ralphy to run the CLI (ralphy.testing's own, a parser's) passes. The tests
# that fail there without showing the line are listed under the version measured (1.0.128), strict: their failure
# is certain there, and one that passes fails the run (ralphy would have stopped refusing the CLI).
REFUSAL = "older than ralphy supports"
BELOW_THE_RANGE = "ralphy refuses a Claude CLI older than {minimum} before it starts it ('... " + REFUSAL + " ...')"


def _refused(what: str) -> str:
    return f"ralphy refuses 1.0.128 before it starts it, and the test fails on what follows ({what}), not the refusal"

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
    # below the range: measured by tidy16 (RALPHY_TEST_CLAUDE_BINS=<1.0.128> pytest -m e2e, stop 16): 60 of the tests
    # failed showing the refusal, 24 did not and are these
    "1.0.128": {
        "tests/claude/test_version.py::test_the_real_cli_reports_its_version":
            "the test holds the CLI it runs on inside ralphy's range (claude)",
        "tests/claude/test_real_cli.py::test_an_ask_user_question_call_is_denied_with_the_prompts_other_way_to_ask":
            "1.0.128 has no AskUserQuestion tool, as 2.0.0 (driver)",
        "tests/testing/test_e2e_cli.py::test_dev_scenario_delegates_a_group_and_completes_tasks_md":
            "the test finds no Agent call (2.0.0 delegates with Task) (testing)",
        "tests/testing/test_e2e_cli.py::test_401_ends_with_is_error_and_status":
            "1.0.128's result line has no api_error_status (testing)",
        "tests/testing/test_e2e_cli.py::test_transient_fault_on_first_request_is_retried":
            "the test finds no api_retry event, as on 2.0.0 (testing)",
        "tests/testing/test_e2e_cli.py::test_usage_limit_gives_rate_limit_event_and_session_limit_text":
            "the test finds no rate_limit_event, as on 2.0.0 (testing)",
        "tests/testing/test_e2e_cli.py::test_cut_stream_makes_the_cli_fall_back_to_a_non_streaming_request":
            "1.0.128 retries the cut stream streamed ([True, True]), as 2.0.0 (testing)",
        "tests/e2e/test_background_permissions.py::test_a_background_subagents_permission_request_after_the_first_result_is_decided_and_recorded":
            _refused("no file written"),
        "tests/e2e/test_dev_loop.py::test_sigint_mid_iteration_leaves_nothing_running_and_next_run_resumes":
            _refused("the Claude CLI never started"),
        "tests/e2e/test_dev_loop.py::test_usage_limit_waits_for_the_reset_then_carries_on":
            _refused("no request reached the model"),
        "tests/e2e/test_dev_loop.py::test_kill_9_of_ralphy_mid_iteration_then_the_next_run_cleans_up_and_continues":
            _refused("no CLI to outlive ralphy"),
        "tests/e2e/test_dev_loop.py::test_an_iteration_over_its_time_is_stopped_and_counts_as_failed":
            _refused("no request reached the model"),
        "tests/e2e/test_discovery_tricky.py::test_agents_list_and_doctor_say_what_the_cli_loads":
            _refused("doctor's JSON has no agents the CLI loaded"),
        "tests/e2e/test_doctor.py::test_doctor_reports_the_version_and_the_agents_the_cli_loads":
            _refused("doctor's verdict: the version is a problem"),
        "tests/e2e/test_doctor.py::test_doctor_says_when_the_cli_has_no_credentials":
            _refused("doctor's verdict: the version is a problem"),
        "tests/e2e/test_mcp_use.py::test_doctor_says_whether_claude_p_starts_ralphys_server":
            _refused("doctor starts no CLI to ask about the servers"),
        "tests/e2e/test_mcp_use.py::test_what_doctor_tells_a_user_of_2_0_0_works":
            _refused("doctor starts no CLI to ask about the servers"),
        "tests/e2e/test_mcp_use.py::test_a_repositorys_own_server_started_unasked_is_a_warning":
            _refused("doctor starts no CLI to ask about the servers"),
        "tests/e2e/test_permissions_policy.py::test_a_denied_bash_command_is_denied_recorded_and_the_run_goes_on":
            _refused("no file written"),
        "tests/e2e/test_quota.py::test_stop_at_usage_ends_the_turn_and_the_run_with_exit_5":
            _refused("no JSON on stdout"),
        "tests/e2e/test_quota.py::test_a_rejected_window_waits_for_its_reset_every_time_without_a_failure":
            _refused("no JSON on stdout"),
        "tests/e2e/test_verify_loop.py::test_sigterm_while_the_check_runs_ends_it_and_records_the_iteration":
            _refused("the check never started"),
        "tests/e2e/test_versions_loop.py::test_the_prompt_matches_the_cli_it_runs_on":
            _refused("no request reached the model"),
        "tests/security/test_hostile13.py::test_doctor_runs_no_hook_and_no_server_the_repository_chose":
            _refused("doctor's verdict: the version is a problem"),
    },
}


def known_failure(version: str, nodeid: str) -> str | None:
    """Why the test ``nodeid`` (without its ``[...]`` ids) is known to fail on the CLI ``version`` ("2.1.62"): its
    entry above; None without one."""
    return KNOWN_FAILURES.get(version, {}).get(nodeid)


def below_the_range(version: str) -> str | None:
    """BELOW_THE_RANGE on a CLI ``version`` older than ralphy supports, else None (also for a ``version`` that is
    no version number, a binary's name: nothing there is taken for the refusal)."""
    from ralphy.claude.version import MIN_SUPPORTED, Version

    parsed = Version.parse(version)
    return BELOW_THE_RANGE.format(minimum=MIN_SUPPORTED) if parsed is not None and parsed < MIN_SUPPORTED else None


def shows_the_refusal(report) -> bool:
    """Whether a failed test's report (``pytest.TestReport``) shows ralphy's refusal of the CLI: in the error's text
    or in what the test printed or logged."""
    return REFUSAL in report.longreprtext or any(REFUSAL in content for _, content in report.sections)

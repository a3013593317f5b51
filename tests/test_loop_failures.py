"""ralphy.loop_failures: the backoff after failed iterations."""

from types import SimpleNamespace

from ralphy.loop_failures import FailurePolicy


def test_the_backoff_doubles_up_to_its_cap_and_says_how_many_iterations_failed():
    waited, slept = [], []
    policy = FailurePolicy()
    policy.config = SimpleNamespace(backoff_seconds=2.0, backoff_max_seconds=10.0)
    policy.o = SimpleNamespace(reporter=SimpleNamespace(waiting=lambda delay, why: waited.append((delay, why))),
                               sleep=slept.append)
    for failures in (1, 2, 3, 10_000):
        policy.failures_in_a_row = failures
        policy._backoff()
    assert waited == [(2.0, "backing off after 1 failed iteration"), (4.0, "backing off after 2 failed iterations"),
                      (8.0, "backing off after 3 failed iterations"),
                      (10.0, "backing off after 10000 failed iterations")]
    assert slept == [2.0, 4.0, 8.0, 10.0]

"""The demo's own check: ralphy runs `pytest` (its test_command) after iterations that complete tasks."""

import greeter


def test_the_package_imports():
    assert greeter.__name__ == "greeter"

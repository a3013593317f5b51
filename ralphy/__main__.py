"""The ``ralphy`` program (``python -m ralphy`` too)."""

import sys


def _command(args: list[str]) -> str | None:
    """The command's name: the first argument that is not an option (``ralphy -v prompt``)."""
    return next((arg for arg in args if not arg.startswith("-")), None)


def main() -> None:
    if _command(sys.argv[1:]) == "prompt":
        # `ralphy prompt` builds one prompt and ends (os._exit): the cycle collector would only walk its tens of
        # thousands of term-count dicts (2,000 agents), none of them in a cycle, again and again (a tenth of a
        # cold prompt's CPU time); its memory is freed when the process ends
        import gc

        gc.disable()
    from ralphy.prestart import start_for

    start_for(sys.argv[1:])  # `ralphy dev`: the Claude CLI boots while the rest of ralphy loads
    from ralphy.cli import main as cli_main

    cli_main()


if __name__ == "__main__":
    main()

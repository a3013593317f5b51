"""The ``ralphy`` program (``python -m ralphy`` too)."""

import sys


def _command(args: list[str]) -> str | None:
    """The command's name: the first argument that is not an option (``ralphy -v prompt``)."""
    return next((arg for arg in args if not arg.startswith("-")), None)


def main() -> None:
    from ralphy.interrupts import stop_on_termination

    stop_on_termination()  # SIGTERM / SIGHUP raise as Ctrl-C does: whatever a command started is ended
    if _command(sys.argv[1:]) == "prompt":
        # `ralphy prompt` builds one prompt and ends (os._exit): the cycle collector would only walk its tens of
        # thousands of term-count dicts (2,000 agents), none of them in a cycle, again and again (a tenth of a
        # cold prompt's CPU time); its memory is freed when the process ends
        import gc

        gc.disable()
    try:
        from ralphy.prestart import start_for

        start_for(sys.argv[1:])  # `ralphy dev`: the Claude CLI boots while the rest of ralphy loads
        from ralphy.cli import main as cli_main
    except KeyboardInterrupt:  # Ctrl-C while ralphy loads: before the command's own handling is in place
        _interrupted_while_loading()
    cli_main()


def _interrupted_while_loading() -> None:
    """One line and exit 130, as a command interrupted later says it; a CLI started for `ralphy dev` is ended."""
    try:
        from ralphy.prestart import end_unused

        end_unused()
    except (Exception, KeyboardInterrupt):  # noqa: BLE001 - nothing more to do on the way out
        pass
    sys.stderr.write("ralphy: interrupted\n")
    sys.exit(130)


if __name__ == "__main__":
    main()

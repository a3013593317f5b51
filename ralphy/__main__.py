"""The ``ralphy`` program (``python -m ralphy`` too)."""

import sys


def main() -> None:
    from ralphy.prestart import start_for

    start_for(sys.argv[1:])  # `ralphy dev`: the Claude CLI boots while the rest of ralphy loads
    from ralphy.cli import main as cli_main

    cli_main()


if __name__ == "__main__":
    main()

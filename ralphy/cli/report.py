"""``ralphy report`` (one self-contained HTML file of a run) and ``ralphy serve`` (the same page, live)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ralphy.cli import cli
from ralphy.cli.options import project_dir_argument

DEFAULT_PORT = 8765


@cli.command()
@project_dir_argument
@click.option("--run", "run_id", type=int, default=None, help="Report this run (by id); default: the last one.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the page here ('-' for stdout); default: .ralphy/reports/runN.html.")
@click.option("--open", "open_it", is_flag=True, help="Open the page in the web browser.")
def report(project_dir: Path, run_id: int | None, output: Path | None, open_it: bool) -> None:
    """Write one self-contained HTML page of a run of PROJECT_DIR (default: here): who did what, cost, time."""
    from ralphy.report import default_report_path, load_report, render_report, write_report

    data = load_report(project_dir, run_id)
    html = render_report(data)
    if output is not None and str(output) == "-":
        click.echo(html, nl=False)
        return
    if output is not None:
        path = output
        write_report(html, path)
    else:
        path = default_report_path(project_dir, data.run_id)
        write_report(html, path, inside=project_dir)
    click.echo(str(path))
    if open_it:
        import webbrowser

        if not webbrowser.open(path.resolve().as_uri()):
            click.echo("ralphy: could not start a web browser; open the file above yourself", err=True)


@cli.command()
@project_dir_argument
@click.option("--port", type=click.IntRange(0, 65535), default=DEFAULT_PORT, show_default=True,
              help="TCP port (0: any free one).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on. Anyone who can reach it sees the run and can answer questions.")
def serve(project_dir: Path, port: int, host: str) -> None:
    """Serve a live page of PROJECT_DIR's run (default: here) on 127.0.0.1; answer Claude's questions from it."""
    import errno

    from ralphy.errors import RalphyError
    from ralphy.report.server import make_server

    if not host.strip():
        raise click.BadParameter("an empty address would listen on every interface; name one (127.0.0.1, or "
                                 "0.0.0.0 for all of them)", param_hint="'--host'")
    try:
        server, dashboard = make_server(project_dir, host=host, port=port)
    except OSError as exc:
        if exc.errno in (errno.EADDRINUSE, errno.EACCES):
            hint = "; try another --port (0 picks a free one)" if port else ""
        else:  # the address: unknown name, not this machine's
            hint = "; try another --host (127.0.0.1 is this machine)"
        raise RalphyError(f"cannot listen on {host}:{port}: {exc.strerror or exc}{hint}") from None
    shown = f"[{host}]" if ":" in host else host
    if host not in ("127.0.0.1", "localhost", "::1"):
        click.echo(f"ralphy: warning: listening on {host}: anyone who can reach it can read the run and answer "
                   "Claude's questions", err=True)
    click.echo(f"Serving {project_dir.resolve()} at http://{shown}:{dashboard.port}/ (Ctrl-C to stop)")
    sys.stdout.flush()

    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:  # Ctrl-C, and SIGTERM / SIGHUP (ralphy.interrupts): a clean stop, exit 0
        pass
    finally:
        dashboard.stopping.set()
        server.server_close()

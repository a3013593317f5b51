"""See a run: the one-file HTML report (``ralphy report``) and the live dashboard (``ralphy serve``).

``load_report(project_dir, run_id=None)`` reads the history read-only into a ``RunReport``;
``render_report(report)`` gives the page. ``ralphy.report.server`` serves it live.
"""

from ralphy.report.model import RunReport, load_report
from ralphy.report.render import default_report_path, render_report, write_report

__all__ = ["RunReport", "default_report_path", "load_report", "render_report", "write_report"]

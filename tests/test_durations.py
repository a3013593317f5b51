"""ralphy.durations: the one way `ralphy log`/`status` and the report page write a length of time."""

from ralphy.durations import duration_text
from ralphy.report.render import duration as report_duration


def test_whole_seconds_then_minutes_then_hours():
    assert [duration_text(s) for s in (0, 4.4, 59.4, 59.6, 95, 3599, 3600, 7530)] == \
        ["0s", "4s", "59s", "1m 00s", "1m 35s", "59m 59s", "1h 00m", "2h 05m"]
    assert duration_text(None) == "-"


def test_the_report_shows_short_times_to_the_tenth_and_a_dash_for_none():
    assert [report_duration(s) for s in (2.46, 9.94, 10, 131)] == ["2.5s", "9.9s", "10s", "2m 11s"]
    assert report_duration(None) == "—"

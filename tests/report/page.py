"""Reading a report page back: the text of table rows and sections, as a person reading the page sees it."""

from __future__ import annotations

import re
from html.parser import HTMLParser

_BLOCK = {"div", "p", "blockquote", "summary", "details", "li", "ul", "dl", "dt", "dd", "h1", "h2", "section", "table",
          "tr", "br"}
_VOID = {"meta", "link", "br", "hr", "img", "input", "area", "base", "col", "source", "wbr", "rect", "line",
         "polyline"}  # fmt: skip


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, dict[str, str]]] = []
        self.rows: list[tuple[str, list[str]]] = []  # (tr class, cell texts)
        self.sections: dict[str, list[str]] = {}
        self.scripts = 0
        self.tags: list[tuple[str, dict[str, str]]] = []
        self._row: list[str] | None = None
        self._row_class = ""
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {k: v or "" for k, v in attrs}
        self.tags.append((tag, attributes))
        if tag in _BLOCK:
            self.handle_data(" ")
        if tag == "script":
            self.scripts += 1
        if tag == "tr":
            self._row, self._row_class = [], attributes.get("class", "")
        elif tag in ("td", "th") and self._row is not None:
            self._cell = []
        if tag not in _VOID:
            self.stack.append((tag, attributes))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        if tag in _BLOCK:
            self.handle_data(" ")
        if tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append(_squash("".join(self._cell)))
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.rows.append((self._row_class, self._row))
            self._row = None
        while self.stack:
            open_tag, _ = self.stack.pop()
            if open_tag == tag:
                break

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)
        for _, attributes in self.stack:
            if "data-section" in attributes:
                self.sections.setdefault(attributes.get("id", ""), []).append(data)


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def read(html: str) -> _Page:
    page = _Page()
    page.feed(html)
    page.close()
    return page


def rows(html: str, css_class: str) -> list[list[str]]:
    """The cell texts of each ``<tr>`` whose class list holds ``css_class``."""
    return [cells for cls, cells in read(html).rows if css_class in cls.split()]


def section_text(html: str, section_id: str) -> str:
    """The visible text of ``<section id=section_id data-section>``, whitespace squashed."""
    return _squash(" ".join(read(html).sections.get(section_id, [])))

"""The strings one of which every match of a regular expression contains, read from its parse: a task holding
none of a pattern's anchors cannot match it, so the pattern need not be compiled or searched
(``role_effects.roles_asked``). Used offline, by ``python -m ralphy.agents.role_effects``, which writes
``role_effects_anchors.py``; nothing imports this module at run time."""

from __future__ import annotations


def anchors_of(pattern: str) -> tuple[str, ...]:
    """Strings one of which every match of ``pattern`` contains (empty: none found), from its parse: a run of
    literals is one, an alternation the union of its branches', a sequence its most selective element's. Written to
    ``role_effects_anchors.ANCHORS`` (``python -m ralphy.agents.role_effects``), not computed at run time: parsing
    the table costs what compiling it does."""
    from re import _constants as sre, _parser  # the standard library's parser, used offline only

    def required(items: list) -> set[str] | None:
        found: list[set[str]] = []
        run = ""
        for op, av in items:
            if op is sre.LITERAL:
                run += chr(av)
                continue
            if run:
                found.append({run})
                run = ""
            needed = None
            if op is sre.SUBPATTERN:
                needed = required(av[-1].data)
            elif op is sre.BRANCH:
                branches = [required(branch.data) for branch in av[1]]
                needed = None if any(branch is None for branch in branches) else set().union(*branches)
            elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT) and av[0] >= 1:
                needed = required(av[2].data)
            if needed:
                found.append(needed)
        if run:
            found.append({run})
        return max(found, key=lambda strings: (min(map(len, strings)), -len(strings))) if found else None

    anchors = required(_parser.parse(pattern).data)
    if not anchors:
        return ()
    # an anchor holding another is implied by it: keep the shorter
    return tuple(sorted(anchor for anchor in anchors
                        if not any(other != anchor and other in anchor for other in anchors)))

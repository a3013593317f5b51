"""`termsafe.shell_word`'s `$'...'` word pastes back as the same path in the locales people's shells run in.

bash reads `\\u202e` by the locale: under C or POSIX (a server, a container, `env -i`, a locale named but not
installed) it left the six characters `\\u202E` in the word, a folder that does not exist. The word is ASCII, each
other character its UTF-8 bytes: what a terminal, readline and bash pass on alike in any locale. Every locale here
runs real bash; one not installed on this machine is what bash then does (C), which users meet too."""

from __future__ import annotations

import os
import subprocess

import pytest

from ralphy.termsafe import one_line, shell_word

LOCALES = ["C", "POSIX", "C.UTF-8", "en_US.UTF-8"]
NAMES = ["rtl\u202eexe.md", "tag\U000e0041gent", "zw\u200bsp", "c1\x85", "Ünïcödé\n名前", "bell\x07 \u2028",
         "dev \U0001f468\u200d\U0001f4bb\n", os.fsdecode(b"caf\xe9\n\xff")]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", NAMES)
def test_the_word_pastes_back_into_bash_under_each_locale(locale, name):
    word = shell_word(f"/tmp/{name}")
    assert word.startswith("$'") and one_line(word) == word and word.isascii(), word
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": locale, "LANG": locale}
    echoed = subprocess.run(["bash", "-c", f"printf %s {word}"], capture_output=True, timeout=10, env=env)
    assert echoed.returncode == 0
    assert echoed.stdout == os.fsencode(f"/tmp/{name}"), (word, echoed.stdout)

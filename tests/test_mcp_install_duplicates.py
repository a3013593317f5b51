"""`ralphy mcp --install` rewrites the project's .mcp.json: a key written twice (JSON parses it, the last wins) is
refused with one line naming the file and the key, and the file is left byte for byte."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from ralphy.cli import cli
from ralphy.errors import ConfigError
from ralphy.jsontext import duplicate_key
from ralphy.mcp_install import install

ENTRY = {"command": "ralphy", "args": ["mcp"]}


@pytest.mark.parametrize("text, where", [
    ('{"mcpServers": {"db": {"command": "a"}, "db": {"command": "b"}}}', '"mcpServers" > "db"'),
    ('{"mcpServers": {"db": {"command": "a", "command": "b"}}}', '"mcpServers" > "db" > "command"'),
    ('{"mcpServers": {}, "mcpServers": {"gh": {"command": "gh"}}}', '"mcpServers"'),
    ('{"mcpServers": {"x": {"args": [{"k": 1, "k": 2}]}}}', '"mcpServers" > "x" > "args" > [0] > "k"'),
    ('{"mcpServers": {"ralphy": {"command": "old"}, "ralphy": {"command": "older"}}}', '"mcpServers" > "ralphy"'),
])
def test_a_key_written_twice_is_refused_and_the_file_left(tmp_path, text, where):
    path = tmp_path / ".mcp.json"
    path.write_text(text)
    with pytest.raises(ConfigError) as error:
        install(tmp_path, ENTRY)
    assert str(error.value) == (f"{path} has the key {where} twice; JSON keeps only the last, so writing the file "
                                "back would lose the first: remove one, nothing was written")
    assert path.read_text() == text


def test_the_cli_says_it_in_one_line(tmp_path):
    (tmp_path / ".mcp.json").write_text('{"mcpServers": {"db": {"command": "a"},\n "db": {"command": "b"}}}')
    result = CliRunner().invoke(cli, ["mcp", "--install", str(tmp_path)])
    assert result.exit_code == 1
    assert result.output.startswith("ralphy: error: ") and result.output.count("\n") == 1
    assert '"mcpServers" > "db" twice' in result.output


def test_the_same_key_in_different_objects_is_no_duplicate(tmp_path):
    path = tmp_path / ".mcp.json"
    path.write_text('{"mcpServers": {"a": {"command": "x", "env": {"command": "y"}}, "b": {"command": "x"}}}')
    assert install(tmp_path, ENTRY)[1] == "added"


def test_duplicate_key_names_a_key_that_needs_quoting_as_json_does():
    assert duplicate_key('{"a\\nb": 1, "a\\nb": 2}') == ['"a\\nb"']
    assert duplicate_key('{"a": 1}') is None and duplicate_key("[1, 2]") is None

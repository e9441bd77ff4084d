"""The usage example of docs/bindings/python.md works as written."""

import contextlib
import io
import re

from conftest import ROOT


def test_the_documented_example_runs_and_prints_what_it_says() -> None:
    text = (ROOT / "docs" / "bindings" / "python.md").read_text()
    [example] = re.findall(r"```python\n(.*?)```", text, re.S)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(example, "python.md", "exec"), {})
    printed = out.getvalue()
    assert printed.startswith("Prussian ['end_command']\n")
    assert "7.3 only the Active player's counters move" in printed

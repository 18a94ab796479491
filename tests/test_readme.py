"""The README's promises: each of its Python examples runs to its end, and it, the docs and
the code point to nothing outside the repository."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()
EXAMPLES = re.findall(r"^```python\n(.*?)^```$", README, flags=re.MULTILINE | re.DOTALL)


def test_the_readme_has_python_examples() -> None:
    assert EXAMPLES
    assert "game.apply(" in EXAMPLES[0]


@pytest.mark.parametrize("code", EXAMPLES, ids=[f"example {i + 1}" for i in range(len(EXAMPLES))])
def test_each_readme_example_runs_to_its_end(code: str, tmp_path: Path) -> None:
    """Run as a reader would, in a fresh interpreter, in an empty directory; an example that
    never ends is stopped by the timeout and fails."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_the_first_example_plays_a_whole_game() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    code = EXAMPLES[0] + "\nassert game.over and same.over and same.scores == game.scores\n"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    winner, scores = done.stdout.split(" ", 1)
    assert winner in ("0", "1")
    assert max(int(s) for s in scores.strip("[]\n").split(",")) >= 300  # the target


# the documents that once lived beside the repository, not in it
OUTSIDE = re.compile(r"shared/|(?:RULES|RECORD|DESIGN)\.md")


def test_nothing_points_outside_the_repository() -> None:
    """The README, the docs, the code, the tests, the benchmarks and the examples name the
    repository's own documents (docs/rules.md, docs/record.md, docs/architecture.md)."""
    files = [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]
    for folder in ("spades", "tests", "benchmarks", "examples"):
        files += [p for p in (ROOT / folder).rglob("*")
                  if p.suffix in (".py", ".js", ".html", ".css", ".md", ".tcss")]
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for path in files if path != Path(__file__).resolve()
             for number, line in enumerate(path.read_text().splitlines(), 1)
             if OUTSIDE.search(line)]
    assert found == []


def test_the_documents_the_readme_names_exist() -> None:
    named = set(re.findall(r"docs/[\w-]+\.md", README))
    assert {"docs/rules.md", "docs/record.md", "docs/architecture.md"} <= named
    assert [name for name in sorted(named) if not (ROOT / name).is_file()] == []


def _anchor(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation out, spaces to -."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_the_current_figures_point_to_the_journal() -> None:
    """Each row of the page of current figures names its section of the journal, each link
    finds its section, and each script the page runs is in benchmarks/ or examples/."""
    page = (ROOT / "docs" / "benchmarks.md").read_text()
    journal = (ROOT / "docs" / "journal.md").read_text()
    anchors = {_anchor(h) for h in re.findall(r"^#+ (.*)$", journal, flags=re.MULTILINE)}
    links = (re.findall(r"\(journal\.md#([^)]+)\)", page)
             + re.findall(r"\]\(#([^)]+)\)", journal))
    assert links and [link for link in links if link not in anchors] == []
    rows = [line for line in page.splitlines()
            if line.startswith("| ") and not line.startswith("| ---")]
    headers = [row for row in rows if row.rstrip(" |").endswith("journal")]
    unlinked = [row for row in rows if row not in headers and "journal.md#" not in row
                and not row.rstrip(" |").endswith("the same")]
    assert headers and unlinked == []
    scripts = set(re.findall(r"\b(?:benchmarks|examples)/[a-z0-9_]+\.py", page))  # not NAME
    assert scripts and [s for s in sorted(scripts) if not (ROOT / s).is_file()] == []

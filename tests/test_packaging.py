"""The project's own promises: environment.yml mirrors pyproject.toml, the README's commands exist."""

import re
import tomllib
from pathlib import Path

import yaml

from tests.cli_support import readme_setup_commands

ROOT = Path(__file__).resolve().parents[1]
PIP_ONLY = {"open-spiel"}  # not on conda-forge; an optional extra, installed with pip
CONDA_NAMES = {"python-kaleido": "kaleido", "uvicorn-standard": "uvicorn[standard]",
               "psycopg": "psycopg[binary]"}  # conda-forge's name -> PyPI's


def requirement(spec: str) -> tuple[str, str]:
    """``'dask[distributed]>=2024.1'`` -> ``('dask[distributed]', '>=2024.1')``."""
    match = re.fullmatch(r"([A-Za-z0-9_.\-\[\]]+)\s*(.*)", spec.strip())
    return match.group(1).lower(), match.group(2).replace(" ", "")


def pyproject_requirements() -> dict[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    specs = list(project["dependencies"])
    for extra in ("lab", "pdf", "classroom", "test"):
        specs += project["optional-dependencies"][extra]
    wanted = {}
    for name, bound in map(requirement, specs):
        if name == "dask[distributed]":  # conda splits it in two packages with the same bound
            wanted["dask"] = wanted["distributed"] = bound
        elif name not in PIP_ONLY:
            wanted[name] = bound
    return wanted


def conda_requirements() -> dict[str, str]:
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    listed = [d for d in env["dependencies"] if isinstance(d, str)]
    return {CONDA_NAMES.get(name, name): bound for name, bound in map(requirement, listed)
            if name not in {"python", "pip"}}


def test_environment_yml_mirrors_pyproject():
    assert conda_requirements() == pyproject_requirements()


def test_environment_yml_installs_the_package_itself_and_is_binder_ready():
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert env["channels"] == ["conda-forge"]
    pip_section = next(d["pip"] for d in env["dependencies"] if isinstance(d, dict))
    assert pip_section == ["-e ."]


def test_readme_has_exactly_two_setup_commands_and_ci_runs_the_test_one():
    run_kit, run_tests = readme_setup_commands()
    assert run_kit == 'pip install ".[lab]" && gamekit lab'  # tests/test_cli.py runs it
    assert run_tests == 'pip install -e ".[test,openspiel]" && pytest'
    ci_lines = (ROOT / ".ci" / "run").read_text().splitlines()
    assert run_tests in ci_lines, f"CI must run the README's test command as written: {run_tests}"


def test_no_setup_command_needs_sudo_and_ci_installs_chromium_before_the_tests():
    assert not any("sudo" in command for command in readme_setup_commands())
    ci = (ROOT / ".ci" / "run").read_text()
    assert "sudo" not in ci
    assert ci.index("apt-get install -y chromium") < ci.index(readme_setup_commands()[1])
    assert "CI=true" in ci  # a missing browser fails under CI instead of skipping


def test_ci_installs_postgresql_for_the_classroom_storage_tests():
    ci = (ROOT / ".ci" / "run").read_text()
    assert "apt-get install -y chromium postgresql" in ci
    assert ci.index("postgresql") < ci.index(readme_setup_commands()[1])


def test_readme_says_what_the_browser_tests_need():
    setup = (ROOT / "README.md").read_text().split("## Set up")[1].split("\n## ")[0]
    assert "/usr/bin/chromium" in setup and "apt-get install -y chromium" in setup and "skipped" in setup


def test_binder_badge_points_at_the_repository_in_pyproject():
    repository = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]["Repository"]
    owner_name = repository.removeprefix("https://github.com/")
    readme = (ROOT / "README.md").read_text()
    assert f"https://mybinder.org/v2/gh/{owner_name}/HEAD" in readme
    assert "https://mybinder.org/badge_logo.svg" in readme


def test_license_file_is_mit_as_pyproject_says():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")


def test_readme_plain_python_examples_run():
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## gamekit from plain Python"):readme.index("## How it is built")]
    examples = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(examples) == 2 and len(examples[0].strip().splitlines()) <= 12  # "ten lines" or so
    for example in examples:
        exec(compile(example, "README.md", "exec"), {})


def test_contributing_names_files_that_exist():
    guide = (ROOT / "CONTRIBUTING.md").read_text()
    named = set(re.findall(r"(?:python |`)((?:tools|tests|gamekit|notebooks|docs)/[\w./-]+\.(?:py|ipynb|toml|md))", guide))
    assert "tools/refresh_notebooks.py" in named
    missing = [path for path in named if not (ROOT / path).exists() and "<" not in path]
    assert missing == [], missing

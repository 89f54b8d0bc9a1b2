"""The project's own promises: environment.yml mirrors pyproject.toml, the README's commands exist."""

import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
PIP_ONLY = {"open-spiel"}  # not on conda-forge; an optional extra, installed with pip


def requirement(spec: str) -> tuple[str, str]:
    """``'dask[distributed]>=2024.1'`` -> ``('dask[distributed]', '>=2024.1')``."""
    match = re.fullmatch(r"([A-Za-z0-9_.\-\[\]]+)\s*(.*)", spec.strip())
    return match.group(1).lower(), match.group(2).replace(" ", "")


def pyproject_requirements() -> dict[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    specs = list(project["dependencies"])
    for extra in ("lab", "test"):
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
    return {name: bound for name, bound in map(requirement, listed) if name not in {"python", "pip"}}


def test_environment_yml_mirrors_pyproject():
    assert conda_requirements() == pyproject_requirements()


def test_environment_yml_installs_the_package_itself_and_is_binder_ready():
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert env["channels"] == ["conda-forge"]
    pip_section = next(d["pip"] for d in env["dependencies"] if isinstance(d, dict))
    assert pip_section == ["-e ."]


def test_readme_has_exactly_two_setup_commands_and_ci_runs_the_test_one():
    readme = (ROOT / "README.md").read_text()
    commands = re.findall(r"```(?:bash|sh)\n(.*?)```", readme.split("## Set up")[1].split("\n## ")[0], re.S)
    assert len(commands) == 2, commands
    run_kit, run_tests = (c.strip() for c in commands)
    assert "jupyter lab notebooks" in run_kit and 'pip install -e ".[lab]"' in run_kit
    assert "pytest" in run_tests and 'pip install -e ".[test' in run_tests
    ci = (ROOT / ".ci" / "run").read_text()
    test_line = run_tests.splitlines()[-1].replace("sudo ", "")
    assert test_line in ci, f"CI must run the README's test command: {test_line}"


def test_readme_plain_python_example_runs():
    readme = (ROOT / "README.md").read_text()
    example = re.search(r"## gamekit from plain Python\n\n```python\n(.*?)```", readme, re.S).group(1)
    assert len(example.strip().splitlines()) <= 12  # "ten lines" or so, as the README promises
    exec(compile(example, "README.md", "exec"), {})

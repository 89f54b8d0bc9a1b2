"""The lessons and the teacher guide go into the wheel as package data.

They live outside the package in the repository (``notebooks/``, ``docs/teacher/``), where lessons are
written and tested; the build copies them to ``gamekit/lessons/`` and ``gamekit/teacher_guide/`` in
the wheel, so an installed gamekit finds them with ``gamekit.lesson_files``. An editable install
copies nothing: the code reads the checkout's own folders. The build also compiles the translation
catalogs (``gamekit/locale/*/LC_MESSAGES/*.po``) to the ``.mo`` files gettext reads. Everything else is
in pyproject.toml.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
SHIPPED = {"notebooks": "lessons", "docs/teacher": "teacher_guide"}  # source folder -> folder in gamekit/
REQUIRED = {"notebooks"}  # a kit without its lessons is no kit; the teacher guide is shipped when written
NOT_SHIPPED = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__", "*.pyc", "*.before-reset*")


class build_py_with_lessons(build_py):
    def run(self):
        super().run()
        if self.editable_mode:  # the checkout's own notebooks/ and docs/teacher/ are used in place
            return
        for source, name in SHIPPED.items():
            origin = ROOT / source
            if not origin.is_dir() and source not in REQUIRED:
                continue
            if not origin.is_dir():
                raise SystemExit(f"cannot build gamekit: {origin} is missing (the wheel ships it)")
            target = Path(self.build_lib) / "gamekit" / name
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(origin, target, ignore=NOT_SHIPPED)
        self.compile_catalogs()

    def compile_catalogs(self):
        """The translators' .po files compiled to the .mo files gettext reads (a checkout compiles
        them in memory instead, see gamekit/i18n.py)."""
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in sorted((Path(self.build_lib) / "gamekit" / "locale").rglob("*.po")):
            with po.open("rb") as source, po.with_suffix(".mo").open("wb") as target:
                write_mo(target, read_po(source))


setup(cmdclass={"build_py": build_py_with_lessons})

"""Packages and package data that pyproject.toml cannot say.

* Every package under ``game/`` and ``scenes/`` (found, not listed, so a new
  module or subpackage ships without touching this file).
* Everything under ``assets/`` (cards, fonts, icons, sounds, ...), installed
  as the package ``rummy500_assets``, so a wheel or ``pip install .`` carries
  the art; ``scenes.core.theme.asset_root()`` finds it there. Editable installs
  map ``rummy500_assets`` to the checkout's ``assets/``.
"""

from setuptools import find_namespace_packages, find_packages, setup

# assets/ and its folders (listed as packages only so that setuptools does not
# warn that data folders such as "cards" look importable; they hold no code)
ASSETS = ["rummy500_assets"] + [f"rummy500_assets.{name}" for name in
                                find_namespace_packages(where="assets", exclude=["*__pycache__*"])]

setup(
    packages=find_packages(include=["game", "game.*", "scenes", "scenes.*"]) + ASSETS,
    package_dir={"rummy500_assets": "assets"},
    package_data={"rummy500_assets": ["**/*"]},
    exclude_package_data={"rummy500_assets": ["**/__pycache__/*", "**/*.pyc"]},
)

"""The project's tools: benchmarks, the arena, the monkey, the fuzzers (issue 29, point 5).

A package, so that tools import each other as `tools.arena` and tests import them the same way;
run one from the checkout's root as a module (`python -m tools.arena --help`) or as a file
(`python -m tools.arena --help`, through the .venv, whose editable install puts the checkout on
the path). No tool edits sys.path: tests/stress/test_tools_package.py checks that.
"""

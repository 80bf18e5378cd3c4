"""Compact views of an ExportedProgram for printing on a page.

``print(ep)`` and ``print_readable()`` annotate every group of nodes with a ``# File: ...``
comment naming the source line that produced it. Those comments are useful in a terminal but
crowd a short listing, so :func:`graph_code` drops them and keeps the typed code itself.
"""

from __future__ import annotations

import torch


def graph_code(graph_module: torch.fx.GraphModule) -> str:
    """The typed Python code of ``graph_module`` without source-location comments."""
    text = graph_module.print_readable(print_output=False)
    kept: list[str] = []
    for line in text.splitlines():
        if line.strip().startswith("#"):
            continue
        if line.strip() or (kept and kept[-1]):  # at most one blank line in a row
            kept.append(line.rstrip())
    return "\n".join(kept).strip("\n")


def op_names(program: torch.export.ExportedProgram) -> list[str]:
    """The targets of the graph's ``call_function`` nodes, in order, as short strings."""
    return [str(node.target) for node in program.graph.nodes if node.op == "call_function"]


def input_kinds(program: torch.export.ExportedProgram) -> list[tuple[str, str]]:
    """(placeholder name, kind) for every input of the graph, in order."""
    return [(spec.arg.name, spec.kind.name) for spec in program.graph_signature.input_specs]


def output_kinds(program: torch.export.ExportedProgram) -> list[tuple[str, str]]:
    """(output name, kind) for every output of the graph, in order."""
    return [(spec.arg.name, spec.kind.name) for spec in program.graph_signature.output_specs]

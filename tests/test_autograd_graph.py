"""Tests for fieldkit.autograd_graph: the walk over the autograd graph, the SVG, determinism."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import torch
from fieldkit.autograd_graph import Graph, describe, draw, graph_of, to_svg

NS = "{http://www.w3.org/2000/svg}"


def labels(graph: Graph, kind: str) -> list[str]:
    return [node.label for node in graph.nodes if node.kind == kind]


def node_id(graph: Graph, label: str) -> str:
    (found,) = [node.id for node in graph.nodes if node.label == label]
    return found


def sources_into(graph: Graph, target: str, saved: bool = False) -> list[str]:
    return [e.source for e in graph.edges if e.target == target and e.saved == saved]


def gradient_path(graph: Graph) -> list[str]:
    """Labels from the first output along gradient edges, checking that there is no branching."""
    by_id = {node.id: node for node in graph.nodes}
    path, current = [], graph.nodes[0].id
    while True:
        path.append(by_id[current].label)
        nexts = [e.target for e in graph.edges if e.source == current and not e.saved]
        if not nexts:
            return path
        assert len(nexts) == 1, f"{by_id[current].label} branches to {nexts}"
        current = nexts[0]


def sin_example() -> tuple[torch.Tensor, torch.Tensor]:
    a = torch.tensor(1.0, requires_grad=True)
    return a, 2 * torch.sin(a) + 1


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def node_groups(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if g.get("class", "").startswith("node ")]


# --- the walk -------------------------------------------------------------------------------


def test_sin_chain_is_exactly_add_mul_sin_accumulate() -> None:
    a, d = sin_example()
    graph = graph_of(d, params={"a": a})
    assert gradient_path(graph) == [
        "output ()",
        "AddBackward0",
        "MulBackward0",
        "SinBackward0",
        "a ()",
    ]
    # the constants 2 and 1 need no gradient: no function or leaf node stands for them
    assert labels(graph, "function") == ["AddBackward0", "MulBackward0", "SinBackward0"]
    assert labels(graph, "leaf") == ["a ()"]
    assert labels(graph, "output") == ["output ()"]


def test_describe_sin_example() -> None:
    a, d = sin_example()
    assert describe(graph_of(d, params={"a": a})) == (
        "n0  output    output ()       -> n1\n"
        "n1  function  AddBackward0    -> n2\n"
        "n2  function  MulBackward0    -> n4\n"
        "n3  saved     other () int64  ..> n2\n"
        "n4  function  SinBackward0    -> n6\n"
        "n5  saved     self ()         ..> n4\n"
        "n6  leaf      a ()"
    )


def test_unnamed_leaf_and_named_output() -> None:
    _, d = sin_example()
    assert labels(graph_of(d), "leaf") == ["leaf ()"]
    w = torch.zeros(2, 3, dtype=torch.float64, requires_grad=True)
    graph = graph_of(w, params={"w": w})
    assert [node.label for node in graph.nodes] == ["w (2, 3) float64"]  # a leaf has no grad_fn
    assert graph.edges == []


def test_diamond_shared_node_appears_once_with_two_incoming_edges() -> None:
    x = torch.randn(3, requires_grad=True)
    b = x.exp()
    y = b * b.sin()
    graph = graph_of(y, params={"x": x})
    exp = node_id(graph, "ExpBackward0")
    assert len(sources_into(graph, exp)) == 2
    by_id = {node.id: node.label for node in graph.nodes}
    assert sorted(by_id[s] for s in sources_into(graph, exp)) == ["MulBackward0", "SinBackward0"]
    assert labels(graph, "leaf") == ["x (3,)"]


def test_leaf_used_on_two_paths_appears_once() -> None:
    x = torch.randn(3, requires_grad=True)
    y = x * x + 3 * x
    graph = graph_of(y, params={"x": x})
    assert labels(graph, "leaf") == ["x (3,)"]
    assert len(sources_into(graph, node_id(graph, "x (3,)"))) == 2  # from both MulBackward0


def test_pow_saves_self() -> None:
    x = torch.randn(2, 3, requires_grad=True)
    graph = graph_of(x.pow(2))
    assert labels(graph, "saved") == ["self (2, 3)"]
    saved = node_id(graph, "self (2, 3)")
    (edge,) = [e for e in graph.edges if e.source == saved]
    assert edge.saved and edge.target == node_id(graph, "PowBackward0")


def test_exp_saves_result() -> None:
    x = torch.randn(4, requires_grad=True)
    assert labels(graph_of(x.exp()), "saved") == ["result (4,)"]


def test_freed_graph_draws_without_saved_tensors() -> None:
    x = torch.randn(2, 3, requires_grad=True)
    y = x.pow(2)
    y.sum().backward()
    graph = graph_of(y, params={"x": x})
    assert labels(graph, "saved") == []
    assert gradient_path(graph) == ["output (2, 3)", "PowBackward0", "x (2, 3)"]
    svg = draw(y)
    assert len(node_groups(parse(svg))) == 3
    assert "saved" not in svg


def test_retained_graph_keeps_saved_tensors() -> None:
    x = torch.randn(3, requires_grad=True)
    y = x.pow(2)
    y.sum().backward(retain_graph=True)
    assert labels(graph_of(y), "saved") == ["self (3,)"]


def test_multiple_outputs_share_their_common_subgraph() -> None:
    x = torch.randn(3, requires_grad=True)
    b = x.exp()
    y1, y2 = b.sin(), b.cos()
    graph = graph_of(y1, y2, params={"x": x})
    assert labels(graph, "output") == ["output (3,)", "output (3,)"]
    assert labels(graph, "function").count("ExpBackward0") == 1
    assert len(sources_into(graph, node_id(graph, "ExpBackward0"))) == 2
    assert labels(graph, "leaf") == ["x (3,)"]
    root = parse(draw(y1, y2, params={"x": x}))
    assert len([g for g in node_groups(root) if g.get("class") == "node output"]) == 2


def test_no_outputs_is_an_error() -> None:
    with pytest.raises(ValueError):
        graph_of()


# --- the SVG --------------------------------------------------------------------------------


def test_svg_structure_matches_the_graph() -> None:
    a, d = sin_example()
    graph = graph_of(d, params={"a": a})
    svg = to_svg(graph, title="d = 2 sin(a) + 1")
    assert svg.startswith("<svg ")  # no XML prolog: the SVG is inlined in HTML
    root = parse(svg)
    assert root.tag == f"{NS}svg"
    assert root.get("role") == "img" and root.get("class") == "autograd-graph"
    assert root.findtext(f"{NS}title") == "d = 2 sin(a) + 1"
    groups = node_groups(root)
    assert [g.get("id") for g in groups] == [node.id for node in graph.nodes]
    assert [g.get("class") for g in groups] == [f"node {node.kind}" for node in graph.nodes]
    assert [g.findtext(f"{NS}text") for g in groups] == [node.label for node in graph.nodes]
    assert len(root.findall(f".//{NS}rect")) == len(graph.nodes)
    edges = [p for p in root.iter(f"{NS}path") if p.get("class", "").startswith("edge")]
    assert len(edges) == len(graph.edges)
    dashed = [p for p in edges if "stroke-dasharray" in p.get("style", "")]
    assert len(dashed) == sum(e.saved for e in graph.edges) == 2
    assert all(p.get("marker-end", "").startswith("url(#") for p in edges)


def test_default_title_and_escaping() -> None:
    x = torch.randn(2, requires_grad=True)
    svg = draw(x.sin(), params={"x<&>": x})
    assert "x&lt;&amp;&gt; (2,)" in svg
    root = parse(svg)
    assert root.findtext(f"{NS}title") == "autograd graph"
    assert "x<&> (2,)" in [g.findtext(f"{NS}text") for g in node_groups(root)]
    assert parse(draw(x.sin(), title="a < b & c")).findtext(f"{NS}title") == "a < b & c"


def test_layout_runs_top_to_bottom() -> None:
    a, d = sin_example()
    graph = graph_of(d, params={"a": a})
    root = parse(to_svg(graph))
    top = {g.get("id"): float(g.find(f"{NS}rect").get("y")) for g in node_groups(root)}
    chain = [node_id(graph, label) for label in gradient_path(graph)]
    assert [top[i] for i in chain] == sorted(top[i] for i in chain)
    assert len({top[i] for i in chain}) == len(chain)  # every step one layer further down


def test_every_colour_is_themeable() -> None:
    x = torch.randn(2, 3, requires_grad=True)
    svg = draw((x.exp() * x).sum(), params={"x": x})
    variables = set(re.findall(r"var\((--agv-[a-z-]+), #[0-9a-f]{6}\)", svg))
    expected = {"output", "function", "leaf", "saved"}
    assert variables == {f"--agv-{kind}-fill" for kind in expected} | {
        "--agv-stroke",
        "--agv-text",
        "--agv-edge",
    }
    rest = re.sub(r"var\(--agv-[a-z-]+, #[0-9a-f]{6}\)", "", svg)
    rest = re.sub(r"url\(#[\w-]+\)", "", rest)
    assert "#" not in rest
    assert not re.search(r"\b(fill|stroke|color)=", rest)  # colours only in style, via var()
    assert "rgb" not in rest


def test_coordinates_have_one_decimal() -> None:
    x = torch.randn(3, requires_grad=True)
    root = parse(draw(x.exp() * x.sin() + x.cos(), params={"x": x}))
    numbers = root.get("viewBox", "").split()[2:] + [root.get("width"), root.get("height")]
    for element in root.iter():
        numbers += [
            element.get(name) for name in ("x", "y", "width", "height") if name in element.attrib
        ]
        if element.get("class", "").startswith("edge"):
            numbers += re.findall(r"[-\d.]+", element.get("d", ""))
    assert len(numbers) > 50
    assert all(re.fullmatch(r"\d+\.\d", str(number)) for number in numbers), numbers


# --- determinism ----------------------------------------------------------------------------


def build_example() -> str:
    torch.manual_seed(0)
    x = torch.randn(2, 3, requires_grad=True)
    w = torch.randn(3, 4, requires_grad=True)
    b = x.exp()
    h = b
    for _ in range(4):
        h = h.sin() + h.cos() * b
    return draw(h, (x @ w).relu().sum(), params={"x": x, "w": w}, title="example")


def test_same_graph_same_svg() -> None:
    first = build_example()
    padding = [object() for _ in range(1000)]  # the second graph lands at other addresses
    second = build_example()
    del padding
    assert second == first


SCRIPT = """
import sys
padding = [object() for _ in range(int(sys.argv[1]))]  # a different memory layout per run
sys.path.insert(0, {test_dir!r})
from test_autograd_graph import build_example
sys.stdout.write(build_example())
"""


def test_same_svg_in_separate_interpreters() -> None:
    """Object ids differ between processes; nothing in the layout may depend on them."""
    env = dict(os.environ)
    script = SCRIPT.format(test_dir=str(Path(__file__).resolve().parent))
    outputs = {
        subprocess.run(
            [sys.executable, "-c", script, str(padding)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for padding in (0, 777)
    }
    assert outputs == {build_example()}

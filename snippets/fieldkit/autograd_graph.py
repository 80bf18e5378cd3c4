"""Draw the autograd graph behind a tensor as a standalone SVG.

Every tensor made by a differentiable operation remembers how it was made: its ``grad_fn`` is
a *backward node*, and ``grad_fn.next_functions`` points at the backward nodes of the
operation's inputs. Walking those links from an output down to the leaves gives exactly the
graph that ``backward()`` will run. :func:`graph_of` does that walk, :func:`to_svg` lays the
result out with grandalf's Sugiyama (layered) layout and writes the SVG by hand, and
:func:`describe` prints the same graph as text.

The drawing has four kinds of node:

* ``output`` - a tensor you passed in;
* ``function`` - a backward node such as ``MulBackward0``;
* ``leaf`` - an ``AccumulateGrad`` node, which adds the gradient it receives into a leaf
  tensor's ``.grad``;
* ``saved`` - a tensor that a backward node keeps for later (``_saved_self``, ...).

Edges point the way gradients flow, from the outputs towards the leaves. A saved tensor has a
dashed edge into the node that saved it. Colours are CSS variables (``--agv-*``) with fallbacks,
so the page's stylesheet can theme the figure for light and dark modes.
"""

from __future__ import annotations

import hashlib
import math
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from html import escape
from typing import Any

import torch
from grandalf import graphs as gg
from grandalf.layouts import SugiyamaLayout

CHAR_WIDTH = 7.2  # estimated width of one monospace character at font-size 12
PAD_X, BOX_H, MARGIN = 10.0, 26.0, 12.0
FALLBACK = {  # colours for pages that do not set the --agv-* variables
    "output-fill": "#fff3e0", "function-fill": "#e3f2fd", "leaf-fill": "#e8f5e9",
    "saved-fill": "#f3e5f5", "stroke": "#37474f", "text": "#263238", "edge": "#546e7a",
}


@dataclass(frozen=True)
class Node:
    """One box of the drawing; ``id`` is ``n0``, ``n1``, ... in the order the walk found it."""

    id: str
    kind: str  # "output", "function", "leaf" or "saved"
    label: str


@dataclass(frozen=True)
class Edge:
    """An arrow from ``source`` to ``target``; ``saved`` marks a saved tensor's dashed edge."""

    source: str
    target: str
    saved: bool = False


@dataclass
class Graph:
    """A plain snapshot of an autograd graph: strings only, no tensors or backward nodes."""

    nodes: list[Node] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)

    def add_node(self, kind: str, label: str) -> str:
        node = Node(f"n{len(self.nodes)}", kind, label)
        self.nodes.append(node)
        return node.id

    def add_edge(self, source: str, target: str, saved: bool = False) -> None:
        edge = Edge(source, target, saved)
        if edge not in self.edges:  # x * x reaches x twice; one arrow is enough
            self.edges.append(edge)


def _tensor_label(name: str, tensor: torch.Tensor) -> str:
    """``name (2, 3)``, with the dtype added when it is not the default float32."""
    label = f"{name} {tuple(tensor.shape)}"
    if tensor.dtype != torch.float32:
        label += " " + str(tensor.dtype).removeprefix("torch.")
    return label


def _saved_tensors(fn: Any) -> list[tuple[str, torch.Tensor]]:
    """The tensors the backward node ``fn`` keeps for its backward pass, as (name, tensor).

    PyTorch shows them as attributes named ``_saved_<name>`` (other ``_saved_`` attributes hold
    plain numbers, such as ``_saved_alpha``). A backward pass without ``retain_graph=True``
    frees them, after which reading one raises RuntimeError: the node then has none to show.
    """
    found = []
    try:
        for attribute in dir(fn):  # dir() is sorted, so the order is stable
            if attribute.startswith("_saved_"):
                value = getattr(fn, attribute)
                if isinstance(value, torch.Tensor):
                    found.append((attribute.removeprefix("_saved_"), value))
    except RuntimeError:
        return []
    return found


def graph_of(*outputs: torch.Tensor, params: Mapping[str, torch.Tensor] | None = None) -> Graph:
    """Walk the autograd graph behind ``outputs`` breadth-first and return it as a :class:`Graph`.

    ``params`` gives tensors names, e.g. ``{"w": w}`` or ``dict(model.named_parameters())``; a
    leaf or output that *is* one of those tensors (the same object) is labelled with its name.
    A backward node reached along several paths appears once.
    """
    if not outputs:
        raise ValueError("graph_of needs at least one tensor")
    names = {id(tensor): name for name, tensor in (params or {}).items()}
    graph = Graph()
    found: dict[int, str] = {}  # id() of a backward node -> its node id in `graph`
    alive: list[Any] = []  # every backward node seen, kept so that no id() is reused meanwhile
    queue: deque[Any] = deque()

    def visit(fn: Any) -> str:
        if id(fn) not in found:
            if type(fn).__name__ == "AccumulateGrad":
                name = names.get(id(fn.variable), "leaf")
                found[id(fn)] = graph.add_node("leaf", _tensor_label(name, fn.variable))
            else:
                found[id(fn)] = graph.add_node("function", type(fn).__name__)
            alive.append(fn)
            queue.append(fn)
        return found[id(fn)]

    for tensor in outputs:
        output = graph.add_node("output", _tensor_label(names.get(id(tensor), "output"), tensor))
        if tensor.grad_fn is not None:
            graph.add_edge(output, visit(tensor.grad_fn))
    while queue:
        fn = queue.popleft()
        for name, saved in _saved_tensors(fn):
            graph.add_edge(graph.add_node("saved", _tensor_label(name, saved)), found[id(fn)], True)
        for next_fn, _ in fn.next_functions:
            if next_fn is not None:  # None: an input that needs no gradient, like a constant
                graph.add_edge(found[id(fn)], visit(next_fn))
    return graph


class _View:
    """What grandalf reads and writes: a vertex's view gives its size (``w``, ``h``) and
    receives its centre (``xy``); an edge's view receives the edge's points, bends included."""

    def __init__(self, w: float = 0.0, h: float = 0.0) -> None:
        self.w, self.h, self.xy = w, h, (0.0, 0.0)
        self.points: list[tuple[float, float]] = []

    def setpath(self, points: list[tuple[float, float]]) -> None:
        self.points = list(points)


def _clip(box: _View, towards: tuple[float, float]) -> tuple[float, float]:
    """Where the line from the centre of ``box`` towards a point leaves the box."""
    (cx, cy), (tx, ty) = box.xy, towards
    dx, dy = tx - cx, ty - cy
    scale = min(box.w / 2 / abs(dx) if dx else math.inf, box.h / 2 / abs(dy) if dy else math.inf)
    return cx + dx * scale, cy + dy * scale


def _layout(graph: Graph) -> tuple[dict[str, _View], list[list[tuple[float, float]]]]:
    """Place every node and route every edge (in ``graph.edges`` order) with grandalf.

    Sugiyama puts nodes on layers so that edges point downwards, then reorders each layer to
    reduce crossings. An invisible root above the outputs makes the graph connected: one layout,
    no components to arrange. The graph is built with ``graph_core`` from lists, because
    ``grandalf.graphs.Graph`` gathers edges in a ``set``, whose order (and so the layout)
    changes from run to run. A saved tensor is laid out *below* the node that saved it, beside
    that node's inputs, and its edge is drawn pointing back up.
    """
    boxes = {node.id: _View(len(node.label) * CHAR_WIDTH + 2 * PAD_X, BOX_H) for node in graph.nodes}
    vertices = {node_id: gg.Vertex(node_id) for node_id in boxes}
    for node_id, vertex in vertices.items():
        vertex.view = boxes[node_id]
    root = gg.Vertex("root")  # zero-sized and never drawn
    root.view = _View()
    links = [gg.Edge(root, vertices[node.id]) for node in graph.nodes if node.kind == "output"]
    ends = []  # (upper node, lower node, route) for each edge of the graph
    for edge in graph.edges:
        upper, lower = (edge.target, edge.source) if edge.saved else (edge.source, edge.target)
        links.append(gg.Edge(vertices[upper], vertices[lower]))
        links[-1].view = _View()
        ends.append((upper, lower, links[-1].view))
    layout = SugiyamaLayout(gg.graph_core([root, *vertices.values()], links))
    layout.xspace, layout.yspace = 24, 36
    layout.init_all(roots=[root])
    layout.draw()
    paths = []
    for edge, (upper, lower, route) in zip(graph.edges, ends):
        points = route.points
        line = [_clip(boxes[upper], points[1]), *points[1:-1], _clip(boxes[lower], points[-2])]
        paths.append(line[::-1] if edge.saved else line)
    return boxes, paths


def _var(name: str) -> str:
    """A theme-able colour: the page's ``--agv-<name>`` variable, else a fallback."""
    return f"var(--agv-{name}, {FALLBACK[name]})"


def to_svg(graph: Graph, *, title: str | None = None) -> str:
    """Lay ``graph`` out top to bottom and return it as one ``<svg>`` element (no XML prolog).

    The same graph always gives the same bytes, so the figure can be committed and compared.
    """
    if not graph.nodes:
        raise ValueError("nothing to draw: the graph has no nodes")
    boxes, paths = _layout(graph)
    left = min(b.xy[0] - b.w / 2 for b in boxes.values()) - MARGIN
    top = min(b.xy[1] - b.h / 2 for b in boxes.values()) - MARGIN
    width = max(b.xy[0] + b.w / 2 for b in boxes.values()) + MARGIN - left
    height = max(b.xy[1] + b.h / 2 for b in boxes.values()) + MARGIN - top

    def at(x: float, y: float) -> str:  # layout coordinates -> SVG ones, one decimal
        return f'x="{x - left:.1f}" y="{y - top:.1f}"'

    # Several figures can share one HTML page: a marker id derived from the graph keeps their
    # ids apart and still comes out the same on every run.
    marker = "agv-arrow-" + hashlib.sha1(describe(graph).encode()).hexdigest()[:8]
    size = f'viewBox="0 0 {width:.1f} {height:.1f}" width="{width:.1f}" height="{height:.1f}"'
    arrow = f'<path d="M0,0 L10,5 L0,10 z" style="fill: {_var("edge")}"/>'
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" {size} role="img" class="autograd-graph">',
        f"<title>{escape(title or 'autograd graph', quote=False)}</title>",
        f'<defs><marker id="{marker}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" '
        + f'markerHeight="8" markerUnits="userSpaceOnUse" orient="auto">{arrow}</marker></defs>',
        '<g class="edges">',
    ]
    for edge, points in zip(graph.edges, paths):
        d = "M" + " L".join(f"{x - left:.1f},{y - top:.1f}" for x, y in points)
        style = f"fill: none; stroke: {_var('edge')}; stroke-width: 1.2"
        if edge.saved:
            style += "; stroke-dasharray: 4 3"
        kind = "edge saved" if edge.saved else "edge"
        out.append(f'<path class="{kind}" d="{d}" style="{style}" marker-end="url(#{marker})"/>')
    out.append('</g>\n<g class="nodes" font-family="monospace" font-size="12">')
    for node in graph.nodes:
        box = boxes[node.id]
        corner = at(box.xy[0] - box.w / 2, box.xy[1] - box.h / 2)
        fill = f"fill: {_var(node.kind + '-fill')}; stroke: {_var('stroke')}"
        text = f'dy="0.35em" text-anchor="middle" style="fill: {_var("text")}"'
        out += [
            f'<g id="{node.id}" class="node {node.kind}">',
            f'<rect {corner} width="{box.w:.1f}" height="{box.h:.1f}" rx="6" style="{fill}"/>',
            f"<text {at(*box.xy)} {text}>{escape(node.label, quote=False)}</text>",
            "</g>",
        ]
    out.append("</g>\n</svg>\n")
    return "\n".join(out)


def draw(
    *outputs: torch.Tensor,
    params: Mapping[str, torch.Tensor] | None = None,
    title: str | None = None,
) -> str:
    """Walk and draw in one call: ``to_svg(graph_of(*outputs, params=params), title=title)``."""
    return to_svg(graph_of(*outputs, params=params), title=title)


def describe(graph: Graph) -> str:
    """One line per node, in walk order: id, kind, label and the nodes its edges point to.

    ``->`` is an edge gradients flow along; ``..>`` joins a saved tensor to the node that saved
    it. For ``2 * torch.sin(a) + 1`` the first lines read::

        n0  output    output ()       -> n1
        n1  function  AddBackward0    -> n2
    """
    width = max((len(node.label) for node in graph.nodes), default=0)
    lines = []
    for node in graph.nodes:
        targets = [edge.target for edge in graph.edges if edge.source == node.id]
        line = f"{node.id:<4}{node.kind:<10}{node.label:<{width}}"
        if targets:
            line += f"  {'..>' if node.kind == 'saved' else '->'} {', '.join(targets)}"
        lines.append(line.rstrip())
    return "\n".join(lines)

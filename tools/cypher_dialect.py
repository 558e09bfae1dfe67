"""The Cypher texts a database store sends, in one place, so another dialect can be added.

Every text is parameterised ($ids, $id, $rows, ...): data never becomes part of a query string.
Only schema words (labels, relationship types, property keys) are spliced in, and only after
`identifier` has checked them against the fixed schema, so a name can never inject Cypher.

Graph model: every node carries the label `Node` plus its type label (`author`, `paper`, `venue`),
the properties `id`, `type`, `seq` (insertion order, so listings come back in the embedded store's
order) and its attributes. Relationships are typed `writes`, `published_in`, `cites`, with `o`/`i`
(rank among the source's successors / the target's predecessors, again the embedded store's order)
and their attributes.

FalkorDB dialect notes (checked against a live FalkorDB 4.x; none of this has run on Neo4j):
undirected `shortestPath`, `EXISTS {}`, `COUNT {}`, `CREATE INDEX ... IF NOT EXISTS` and
`elementId()` are not available, so paths use `algo.SPpaths` and index creation tolerates
"already indexed" errors.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hgrag.tools.graph_store import ALL_EDGE_TYPES as EDGE_TYPES, ALL_NODE_TYPES as NODE_TYPES

_SAFE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
SCHEMA_WORDS = frozenset(NODE_TYPES) | frozenset(EDGE_TYPES) | {"Node"}  # with the richer OpenAlex kinds


def identifier(word: str) -> str:
    """A label / relationship type / property key that may be spliced into a query text."""
    if not _SAFE.match(word or ""):
        raise ValueError(f"not a schema identifier: {word!r}")
    return word


def relationship(edge_type: str) -> str:
    if edge_type not in EDGE_TYPES:
        raise ValueError(f"unknown edge type {edge_type!r}")
    return edge_type


def node_label(node_type: str) -> str:
    if node_type not in NODE_TYPES:
        raise ValueError(f"unknown node type {node_type!r}")
    return node_type


@dataclass(frozen=True)
class FalkorDialect:
    """Query texts for FalkorDB (RedisGraph lineage Cypher)."""

    name: str = "falkordb"

    # -- schema and loading --------------------------------------------------------------
    def index_statements(self) -> list[str]:
        """Indexes created before any data (errors for existing ones are ignored by the caller)."""
        texts = ["CREATE INDEX FOR (n:Node) ON (n.id)"]
        texts += [f"CREATE INDEX FOR (n:{node_label(t)}) ON (n.seq)" for t in NODE_TYPES]
        return texts

    def create_nodes(self, node_type: str) -> str:
        """$rows: [{id, seq, props}] -> nodes labelled Node + type."""
        return (f"UNWIND $rows AS r CREATE (n:Node:{node_label(node_type)}) "
                "SET n = r.props, n.id = r.id, n.type = $type, n.seq = r.seq")

    def create_edges(self, edge_type: str) -> str:
        """$rows: [{s, t, o, i, props}] -> one relationship per row (endpoints by indexed id)."""
        rel = relationship(edge_type)
        return ("UNWIND $rows AS r MATCH (a:Node {id: r.s}) MATCH (b:Node {id: r.t}) "
                f"CREATE (a)-[e:{rel}]->(b) SET e = r.props, e.o = r.o, e.i = r.i")

    def write_meta(self) -> str:
        return "MERGE (m:HgragMeta {key: 'meta'}) SET m.value = $value"

    def read_meta(self) -> str:
        return "MATCH (m:HgragMeta {key: 'meta'}) RETURN m.value"

    # -- per node ----------------------------------------------------------------------------
    def node(self) -> str:
        return "MATCH (n:Node {id: $id}) RETURN properties(n)"

    def nodes(self) -> str:
        return "UNWIND $ids AS id MATCH (n:Node {id: id}) RETURN id, properties(n)"

    def nodes_of_type(self, node_type: str) -> str:
        """Ids and order of the nodes of a type with $lo <= seq < $hi (an index range scan)."""
        return (f"MATCH (n:{node_label(node_type)}) WHERE n.seq >= $lo AND n.seq < $hi "
                "RETURN n.id, n.seq")

    def max_seq(self) -> str:
        return "MATCH (n:Node) RETURN max(n.seq)"

    def edge(self, edge_type: str) -> str:
        rel = relationship(edge_type)
        return f"MATCH (a:Node {{id: $s}})-[e:{rel}]->(b:Node {{id: $t}}) RETURN properties(e) LIMIT 1"

    def node_counts(self) -> str:
        return "MATCH (n:Node) RETURN n.type, count(n)"

    def edge_counts(self, edge_type: str) -> str:
        return f"MATCH ()-[e:{relationship(edge_type)}]->() RETURN count(e)"

    # -- set at a time (one query per call) --------------------------------------------------
    def expand(self, edge_type: str, direction: str) -> str:
        """$ids -> (id, neighbour id) rows, neighbours in the embedded store's adjacency order."""
        rel = relationship(edge_type)
        if direction == "out":
            return (f"UNWIND $ids AS id MATCH (n:Node {{id: id}})-[e:{rel}]->(m) "
                    "RETURN id, m.id ORDER BY id, e.o")
        return (f"UNWIND $ids AS id MATCH (n:Node {{id: id}})<-[e:{rel}]-(m) "
                "RETURN id, m.id ORDER BY id, e.i")

    def degrees(self, edge_type: str, direction: str) -> str:
        rel = relationship(edge_type)
        arrow = f"-[e:{rel}]->" if direction == "out" else f"<-[e:{rel}]-"
        return (f"UNWIND $ids AS id MATCH (n:Node {{id: id}}) "
                f"OPTIONAL MATCH (n){arrow}(m) RETURN id, count(m)")

    def attrs(self, key: str) -> str:
        return f"UNWIND $ids AS id MATCH (n:Node {{id: id}}) RETURN id, n.{identifier(key)}"

    def author_positions(self) -> str:
        return ("UNWIND $ids AS id MATCH (p:Node {id: id})<-[e:writes]-(a) "
                "RETURN id, a.id, e.position ORDER BY id, e.i")

    def shortest_paths(self, edge_types: tuple[str, ...]) -> str:
        """All shortest paths (up to $count) between two nodes over `edge_types`, either direction."""
        rels = ", ".join(f"'{relationship(t)}'" for t in edge_types)
        return ("MATCH (a:Node {id: $s}), (b:Node {id: $t}) "
                "CALL algo.SPpaths({sourceNode: a, targetNode: b, "
                f"relTypes: [{rels}], maxLen: $max_len, relDirection: 'both', pathCount: $count}}) "
                "YIELD path RETURN [n IN nodes(path) | n.id]")

    # -- fragments of compiled plans (tools/ir_cypher.py) -----------------------------------------
    def match_node(self, var: str, id_var: str) -> str:
        """Bind `var` to the node whose id is the value of `id_var` (an index look-up)."""
        return f"MATCH ({identifier(var)}:Node {{id: {identifier(id_var)}}})"

    def is_number(self, expr: str) -> str:
        """An integer or float (not a boolean or string), as the executor's `_numbers` keeps."""
        return f"typeOf({expr}) IN ['Integer', 'Float']"

    def is_float(self, expr: str) -> str:
        return f"typeOf({expr}) = 'Float'"

    def shortest_paths_with_edges(self, edge_types: tuple[str, ...]) -> str:
        """As `shortest_paths`, plus each path's relationships as [source id, type, target id]."""
        return self.shortest_paths(edge_types).replace(
            "RETURN [n IN nodes(path) | n.id]",
            "RETURN [n IN nodes(path) | n.id], "
            "[r IN relationships(path) | [startNode(r).id, type(r), endNode(r).id]]")

    def edges_among(self, edge_types: tuple[str, ...]) -> str:
        """Every `edge_types` relationship between two nodes of $ids (for a tie-break BFS)."""
        rels = "|".join(relationship(t) for t in edge_types)
        return (f"UNWIND $ids AS id MATCH (a:Node {{id: id}})-[e:{rels}]->(b:Node) "
                "WHERE b.id IN $ids RETURN a.id, b.id")


FALKORDB = FalkorDialect()

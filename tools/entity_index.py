"""Entity linking: exact / normalised-string matching plus embedding similarity (FAISS).

INTERFACE STUB — to be implemented. Contract used by the agents and the builder:

    @dataclass
    class Candidate:
        node_id: str
        node_type: str          # author | paper | venue
        label: str              # display name / title
        score: float            # 1.0 for exact matches, cosine similarity for embedding hits
        match: str              # "exact" | "normalized" | "name" | "initials" | "embedding"

    class EntityIndex:
        @classmethod
        def build(cls, store: GraphStore, embedder: Embedder | None = None, progress: bool = False) -> "EntityIndex"
        def save(self, directory: Path) -> None
        @classmethod
        def load(cls, directory: Path, store: GraphStore, embedder: Embedder | None = None) -> "EntityIndex"
        def lookup(self, text: str, node_type: str | None = None) -> list[Candidate]
            # string matching only, no embedding: O(1) dict look-ups; exact > normalized > name > initials
        def search(self, text: str, node_type: str | None = None, k: int = 10) -> list[Candidate]
            # lookup() hits first (always outrank), then FAISS nearest neighbours, deduplicated
        def embed(self, texts: list[str]) -> numpy.ndarray   # normalised query vectors
        def similar(self, vector, node_type: str | None = None, k: int = 10) -> list[Candidate]
"""

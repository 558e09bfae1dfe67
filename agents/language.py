"""Which language a question is written in, from its function words (no model, no network).

Entity mentions are removed first (quoted text, linked spans, and capitalised words inside the
sentence, which are mostly names and title words), so an English question about a German paper
("Who wrote Über die Theorie der Wärme?") stays English. What remains is matched against small
lists of function words and question words per language; words that are also English are left out
of the foreign lists.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

ENGLISH = frozenset("""a an the of in on at to for by with from and or is are was were be been did do does
has have had who whom whose what which when where how many much list name give show tell find papers paper
author authors wrote write written published publish venue journal year cited citations cite it its their
this that these those not all any some than same other between since after before first last most""".split())
FOREIGN: dict[str, frozenset[str]] = {
    "German": frozenset("""der die das den dem des ein eine einen einem einer und oder ist sind war waren hat haben
hatte wer wen wem wessen welche welcher welches welchen welchem wann wo woher wie viele vielen wieviele wurde wurden worden
geschrieben geschrieben veröffentlicht veroffentlicht verfasst zitiert artikel autor autoren zeitschrift jahr
im vom zum zur mit von für fur auf über uber nicht auch noch alle nenne zeige gib""".split()),
    "French": frozenset("""le la les un une des du et ou est sont était etait qui quel quelle quels quelles
combien où ou quand comment écrit ecrit écrits publié publie publiés auteur auteurs revue année annee cité
cite citations articles dans avec pour sur par pas ont été ete lesquels donne montre""".split()),
    "Spanish": frozenset("""el la los las un una unos unas y o es son fue fueron quién quien quiénes quienes qué
que cuál cual cuáles cuales cuántos cuantos cuántas cuantas cuándo cuando dónde donde cómo como escribió
escribio escrito publicó publico publicado autor autores revista año ano citado citas artículo articulo
artículos articulos con para por sobre del al""".split()),
    "Italian": frozenset("""il lo la gli le un una uno e o è sono era erano chi quale quali quanti quante quando
dove come ha hanno scritto scritti pubblicato pubblicati autore autori rivista anno citato citazioni articolo
articoli con per su del della dei degli delle nel nella""".split()),
    "Portuguese": frozenset("""o os a as um uma uns umas e ou é são foi foram quem qual quais quantos quantas
quando onde como escreveu escrito publicou publicado autor autores revista ano citado citações citacoes
artigo artigos com para por sobre do da dos das no na nos nas""".split()),
    "Dutch": frozenset("""de het een en of is zijn was waren wie wat welke welk hoeveel wanneer waar hoe
heeft hebben had geschreven gepubliceerd auteur auteurs tijdschrift jaar geciteerd artikel artikelen met
voor van op over niet ook alle geef toon""".split()),
}
FOREIGN = {language: words - ENGLISH for language, words in FOREIGN.items()}
QUOTED = re.compile(r'"[^"]*"|“[^”]*”|„[^“”]*[“”]|«[^»]*»|‘[^’]*’|(?<!\w)\'[^\']+\'(?!\w)')
WORD = re.compile(r"[^\W\d_]+(?:[-'][^\W\d_]+)*")
MIN_FOREIGN = 2
ENGLISH_OPENERS = frozenset("who whom whose what which when where how list name give show tell find did does do has have"
                            .split())


def _without_mentions(question: str, spans: Iterable[Any]) -> str:
    """Blank out linked spans (objects with .start/.end) and quoted text."""
    text = question
    for span in sorted(spans, key=lambda s: -getattr(s, "start", -1)):
        start, end = getattr(span, "start", -1), getattr(span, "end", -1)
        if 0 <= start < end <= len(text):
            text = text[:start] + " " + text[end:]
    return QUOTED.sub(" ", text)


def function_words(text: str) -> list[str]:
    """Lower-cased words, leaving out capitalised words that do not open the sentence (names, titles)."""
    words = []
    for i, match in enumerate(WORD.finditer(text)):
        word = match.group()
        if i and word[:1].isupper():
            continue
        words.append(word.lower())
    return words


def language_scores(question: str, spans: Iterable[Any] = ()) -> dict[str, int]:
    """Function words of each language (English included) in the question, mentions removed."""
    words = function_words(_without_mentions(question, spans))
    scores = {"English": sum(w in ENGLISH for w in words)}
    scores.update({language: sum(w in vocabulary for w in words) for language, vocabulary in FOREIGN.items()})
    return scores


def non_english(question: str, spans: Iterable[Any] = ()) -> str | None:
    """The language's name when the question is clearly not English, else None."""
    scores = language_scores(question, spans)
    english = scores.pop("English")
    language, best = max(scores.items(), key=lambda item: item[1])
    first = next(iter(WORD.findall(question)), "").lower()
    # an English question that opens in English may quote a foreign title: it needs three times the evidence
    weight = 3 if first in ENGLISH_OPENERS else 1
    if best >= MIN_FOREIGN and best > weight * english:
        return language
    return None


def unsupported_language_text(language: str) -> str:
    return f"Only English questions are supported (this looks like {language})."

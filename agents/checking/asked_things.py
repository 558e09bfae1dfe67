"""What is asked must be something the graph holds: the noun after "how many / which / what",
a property asked "of" an entity, a relation verb after "who", a passive verb ("was X funded"), an
origin ("where is A from"). Anything else names a property or relation the graph lacks, and the
question-plan check reports it ("pages", "funded", "editor")."""

from __future__ import annotations

import re

from hgrag.agents.planning.intent import NOUNS

KNOWN_NOUNS = frozenset(w for words in NOUNS.values() for w in words) | frozenset("""
doi dois orcid orcids issn language languages type types kind kinds sort category genre format title titles name names
number numbers count counts total totals list lists citation citations cites times time year years date dates decade
decades average mean chain path distance degrees degree steps step introductions introduction one ones span gap range
first last most rank ranking order position positions id ids identifier identifiers value values amount figure
details info information summary overview profile record records entry entries paper papers article articles
co-authors coauthors co-authorship coauthorship authorship collaborations collaboration links link connection connections
relationship team teams lineup
list byline bylines group people folks names output outputs pubs pub publications stuff things thing books book
chapter chapters preprint preprints proceedings volume-free numbers-free
""".split())
KNOWN_VERBS = frozenset("""
write wrote written writes writing author authored authors authoring co-author co-authored co-authors coauthor
coauthored coauthors co-wrote cowrote co-write cowrite co-writes co-written pen penned pens publish published publishes
publishing contribute contributed contributes contributing collaborate collaborated collaborates collaborating work
worked works working create created produce produced appear appeared appears come came comes release released put
team teamed partner partnered join joined cite cited cites citing reference referenced references share shared shares
is are was were be been am has have had having did does do done can could would will should might may else also
exactly actually all really first last led lead leads headed heads signed listed named appears ranks ranked tops
topped holds held gets got owns else's publishes own
""".split())
SKIPPED = frozenset("""the a an of his her their its this that these those all any some many much more most other different
distinct unique separate total overall combined individual exact approximate number kind sort type same own such each
every both either""".split())
HOW_MANY_OK = KNOWN_NOUNS
PASSIVE_OK = frozenset("""published released printed issued out about in on from by with co-written co-authored coauthored
authored written penned titled called named listed indexed there still also really ever first cited referenced
credited attributed and or classified categorized categorised recorded labelled labeled considered described known
registered catalogued""".split()) | frozenset("older newer earlier".split())  # the comparison cue accounts for them
ASKED_NOUN = re.compile(r"\bhow many ([\w'-]+(?: [\w'-]+){0,2})")
PROPERTY_OF = re.compile(r"\b(?:the|its|their|his|her) ([\w-]+(?: [\w-]+)?) (?:of|for|behind|on|in) (?:the )?zzm\b|"
                         r"\bzzm 's ([\w-]+)(?: ([\w-]+))?")
WHO_VERB = re.compile(r"\bwho(?:m)? (?:(?:exactly|actually|else|also|really|all|first|originally|initially) )*([\w'-]+)")
WHERE_VERB = re.compile(r"\bwhere (?:does|did|do|is|was|has) zzm (?:(?:currently|now|still) )?([\w'-]+)")
PASSIVE_VERB = re.compile(r"\b(?:was|were|is|are|been|got|get|gets) (?:the )?zzm (?:(?:first|originally|actually|"
                          r"initially|officially) )?([a-z][\w'-]+)")
ORIGIN = re.compile(r"\bzzm (?:is |was |comes |came )?(?:originally )?from\b\s*$")
ADJECTIVES = frozenset("""maximum minimum single exact overall average mean final actual approximate rough total
combined current correct right whole precise specific same other
greater larger higher bigger smaller lower""".split())  # "the greater number of": a comparison (its own cue)
CLAUSE_START = r"(?:^|[.:;|?!]\s*)(?:please |kindly |now |so |ok |could you |can you |would you )*"
COMMAND_OBJECT = re.compile(CLAUSE_START + r"(?:list|give|show|return|fetch|get|report|find|name|provide)(?: me| us)?:? "
                            r"(?:the |all |all the |its |their |his |her |every |each |any )?([a-z][\w-]*(?: [a-z()][\w()-]*){0,2})")
FRAGMENT_OF = re.compile(CLAUSE_START + r"((?:[a-z][\w-]* ){0,1}[a-z][\w-]*) (?:of|for) (?:the (?:paper|article|author) )?zzm")
WHICH_BEFORE_MENTION = re.compile(r"\b(?:which|what) ([a-z][\w-]+) zzm\b")
GENERIC_OBJECTS = frozenset("""everything anything all everyone everybody anyone me them us some any info information
details stuff things thing data whatever more rest list""".split())
WHICH_PART_OF = re.compile(r"\b(?:which|what) ([a-z][\w-]+) of (?:the|its|their|a|an|his|her) ")
PUBLICATION_WORDS = re.compile(r"\b(year|papers?|venues?|journals?|conferences?|publications?|articles?|works?)\b")
GENERIC_HEAD = re.compile(r"\b(?:the|its|their|his|her|a|an|what|which) ([a-z][\w-]+) (number|count|id|code|name|date)s?\b")
TOPIC = re.compile(r"\bwhat(?:'s| is| was| are)(?: \w+){0,2} zzm (?:really |actually |mainly )?about\b|\babout in a nutshell\b|"
                   r"\b(summary|summarise|summarize|abstract|topics?|main findings|key findings)\b")
WHICH_NOUN = re.compile(r"\b(?:which|what) ([\w'-]+(?: [\w'-]+){0,2}) (?:does|did|do|is|was|are|were|has|have|employs?|"
                        r"funds?|funded|pays?|paid|hosts?|hired|hires|owns?|contains?|contained|includes?|included|"
                        r"lists?|listed|holds?|held|carries|carried|printed|appeared) ")


def _head(words: str) -> str | None:
    """The first word that is not a determiner, a generic adjective or a number ('how many 2007 papers': the
    year is a modifier, which the numbers check holds the plan to)."""
    for word in words.split():
        word = word.strip("'")
        if word and word not in SKIPPED and not word.isdigit():
            return word
    return None


NOT_NOUNS = frozenset("""go-to closest usual favorite favourite regular preferred frequent main and or but on in of for by with from at to about behind highly most least largest highest greatest biggest
frequent frequently recent first last latest earliest newest oldest top main primary usual best full complete entire
whole new old""".split())


def _last_noun(phrase: str) -> str:
    words = [w for w in phrase.split() if w not in SKIPPED and w not in NOT_NOUNS and not w.endswith("ly")]
    return words[-1] if words else ""


MODIFYING_FAMILIES = ("relation", "operator", "time")


def _known_phrase(phrase: str) -> bool:
    """Is `phrase` an attribute or kind the lexicon knows ('cited-by count')?"""
    from hgrag.agents.understanding.lexicon import load

    return (load("en").concept(phrase) or "").split(":", 1)[0] in ("attribute", "kind")


def _possessed(first: str | None, second: str | None) -> str | None:
    """What "A 's X Y" asks for: Y when X is a word of a relation or an operator that the lexicon knows and Y
    a thing the graph holds ("A and B 's joint papers", "A 's shared work"), else X."""
    from hgrag.agents.understanding.lexicon import load

    concept = load("en").concept(first or "") or ""
    if second and second in KNOWN_NOUNS and concept.split(":", 1)[0] in MODIFYING_FAMILIES:
        return second
    return first


def unknown_asked_things(text: str) -> list[str]:
    """Relation verbs and property nouns that the graph does not hold ("funded", "pages", "university")."""
    found = []
    for match in ASKED_NOUN.finditer(text):
        head = _head(match.group(1))
        if head and head != "zzm" and head not in HOW_MANY_OK:
            found.append(head)
    for match in PROPERTY_OF.finditer(text):
        noun = _last_noun(match.group(1) or _possessed(match.group(2), match.group(3)) or "")
        if noun and noun not in KNOWN_NOUNS and noun not in KNOWN_VERBS and noun != "zzm":
            found.append(noun)
    for match in WHO_VERB.finditer(text):
        verb = match.group(1)
        if verb not in KNOWN_VERBS and verb not in KNOWN_NOUNS and verb != "zzm" and verb not in SKIPPED:
            found.append(verb)
    for match in WHERE_VERB.finditer(text):
        if match.group(1) not in ("publish", "published", "publishes", "appear", "appeared", "appears", "come", "get", "got",
                                  "came", "go", "went", "put", "submit", "submitted", "release", "released"):
            found.append(match.group(1))
    for match in PASSIVE_VERB.finditer(text):
        verb = match.group(1)
        if verb not in KNOWN_VERBS and verb not in KNOWN_NOUNS and verb not in SKIPPED and verb not in PASSIVE_OK:
            found.append(verb)
    if ORIGIN.search(text.strip(" ?.!")) and not PUBLICATION_WORDS.search(text) and not _asks_when(text):
        found.append("from (origin)")
    for match in WHICH_NOUN.finditer(text):
        head = _compound_head(match.group(1))
        if head and head not in KNOWN_NOUNS and head != "zzm" and head not in KNOWN_VERBS:
            found.append(head)
    for match in WHICH_PART_OF.finditer(text):
        head = match.group(1)
        if head not in KNOWN_NOUNS and head not in SKIPPED and head not in NOT_NOUNS:
            found.append(head)
    found += _unknown_modifiers(text) + _unknown_objects(text)
    found = [word for word in found if not _lexicon_reads(word) and not _starts_a_known_phrase(word, text)]
    if TOPIC.search(text):
        found.append("what it is about")
    return list(dict.fromkeys(found))


READ_FAMILIES = ("operator", "time", "instruction", "filler", "function")  # not nouns, verbs or auxiliaries: 'where does A
# work' asks for an employer, though 'work' is also a noun for a paper; 'how many does B have' names no thing


def _asks_when(text: str) -> bool:
    """'when's T from?': a time is asked (the lexicon's head:when opens the question), not an origin."""
    from hgrag.agents.understanding.lexicon import load

    first = re.findall(r"[\w]+", text.lower())[:1]
    return bool(first) and load("en").concept(first[0]) == "head:when"


def _starts_a_known_phrase(word: str, text: str) -> bool:
    """'involved' in 'was A involved in writing T': the first word of a phrase the lexicon reads as a relation,
    kind or attribute, not a thing the graph may lack."""
    from hgrag.agents.understanding.lexicon import load

    lexicon, tokens = load("en"), re.findall(r"[\w'-]+", text.lower())
    for i in (i for i, token in enumerate(tokens) if token == word):
        for n in range(2, min(lexicon.longest, len(tokens) - i) + 1):
            family = (lexicon.concept(" ".join(tokens[i:i + n])) or "").split(":")[0]
            if family in ("relation", "kind", "attribute", "operator", "time"):
                return True
    return False


def _lexicon_reads(word: str) -> bool:
    """A word the lexicon gives a meaning the plan is checked against ('except' is an operator), not a thing the
    graph may lack."""
    from hgrag.agents.understanding.lexicon import load

    return (load("en").concept(word) or "").split(":")[0] in READ_FAMILIES


def _compound_head(words: str) -> str | None:
    """The head of 'journal volume' (volume) or 'papers by zzm' (papers): the last word before a
    preposition or a mention."""
    kept = []
    for word in words.split():
        if word in ("by", "of", "in", "on", "from", "with", "for", "zzm", "that", "which", "is", "are", "was", "were",
                    "does", "did", "do", "has", "have"):
            break
        if word not in SKIPPED and word not in NOT_NOUNS:
            kept.append(word.strip("'"))
    return kept[-1] if kept else None


OBJECT_STOPS = frozenset("""by of in on from with for to zzm that what which who whom where when how whose they he she it
has have had was were is are be been at as about than between among across within""".split())


def _object_head(words: str) -> str | None:
    """The last noun of the phrase before a preposition, a relative word or a participle ("the
    PhD students supervised by" -> students; "the DOI assigned to" -> doi)."""
    kept: list[str] = []
    for word in words.split():
        if word in OBJECT_STOPS or (kept and word.endswith("ed")):
            break
        if word.startswith("("):  # "the venue (journal or conference)": an aside
            break
        if word not in SKIPPED and word not in NOT_NOUNS and not word.endswith("ly"):
            kept.append(word.strip("'"))
    return kept[-1] if kept else None


def _unknown_objects(text: str) -> list[str]:
    """What a command or a bare fragment asks for ("list the PhD students supervised by A", "email
    address of A", "which country A lives in"): its head noun must be something the graph holds."""
    found = []
    for pattern in (COMMAND_OBJECT, FRAGMENT_OF, WHICH_BEFORE_MENTION):
        for match in pattern.finditer(text):
            head = _object_head(match.group(1))
            if head and head not in KNOWN_NOUNS and head not in KNOWN_VERBS and head not in GENERIC_OBJECTS \
                    and head not in ADJECTIVES and not head.isdigit():
                found.append(head)
    return found


def _unknown_modifiers(text: str) -> list[str]:
    """'the grant number', 'its page count': a generic head whose modifier names something the graph lacks."""
    found = []
    for match in GENERIC_HEAD.finditer(text):
        modifier = match.group(1)
        if _known_phrase(f"{modifier} {match.group(2)}"):
            continue  # 'the cited-by count': a phrase of the lexicon
        if modifier not in KNOWN_NOUNS and modifier not in KNOWN_VERBS and modifier not in SKIPPED \
                and modifier not in NOT_NOUNS and modifier not in ADJECTIVES and modifier != "zzm" and not modifier.isdigit():
            found.append(f"{modifier} {match.group(2)}")
    return found

"""From a question to a plan: the intent parser, the plan compiler and its IR lowering, the IR and hybrid
planners, and compositional readings (counts, exclusions, time)."""

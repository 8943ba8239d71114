"""samurai_lab: Reiner Knizia's *Samurai* as a rules engine and a set of teaching apps."""

"""Game records the review's tests share."""

# A 2-player game of greedy bots in which Green, on turn 21, had a turn that wins the game (Rice field 4
# on HO37 takes the last Rice field piece, and Green leads); here he lays Samurai 1 on HO13 instead.
BLUNDER = """\
[Game "Samurai"]
[Rules "1998+Sr+Hr"]
[Players "Green, Yellow"]
[Seed "2"]
[Result "*"]

1. Green: S3@HO05; N1@HO08; W2@SEA32; end
2. Yellow: B4@HO22; W2@SEA53; end
3. Green: S2@HO06; W1@SEA46; X HO42:R HO43:B; end
4. Yellow: H4@HO45; end
5. Green: H4@HO46; end
6. Yellow: M HO45>HO16; end
7. Green: S2@HO10; end
8. Yellow: H3@HO15; W1@SEA43; end
9. Green: H2@HO29; end
10. Yellow: X HO07:H HO19:B; H2@HO20; end
11. Green: B2@HO32; end
12. Yellow: R4@HO17; W1@SEA20; end
13. Green: M HO06>HO31; end
14. Yellow: R3@HO11; end
15. Green: B4@HO04; end
16. Yellow: S3@HO34; end
17. Green: R3@HO40; W1@SEA49; end
18. Yellow: B3@HO02; N1@HO26; end
19. Green: S1@HO27; end
20. Yellow: S2@HO36; end
21. Green: S1@HO13; end
"""

# The same game played to its end: Green (a person) then loses to Yellow (the greedy bot).
FINISHED = """\
[Game "Samurai"]
[Rules "1998+Sr+Hr"]
[Players "Green, Yellow"]
[Seed "2"]
[Result "Yellow wins (decided by leaderships)"]
[Table "Green person, Yellow greedy"]

1. Green: S3@HO05; N1@HO08; W2@SEA32; end
2. Yellow: B4@HO22; W2@SEA53; end
3. Green: S2@HO06; W1@SEA46; X HO42:R HO43:B; end
4. Yellow: H4@HO45; end
5. Green: H4@HO46; end
6. Yellow: M HO45>HO16; end
7. Green: S2@HO10; end
8. Yellow: H3@HO15; W1@SEA43; end
9. Green: H2@HO29; end
10. Yellow: X HO07:H HO19:B; H2@HO20; end
11. Green: B2@HO32; end
12. Yellow: R4@HO17; W1@SEA20; end
13. Green: M HO06>HO31; end
14. Yellow: R3@HO11; end
15. Green: B4@HO04; end
16. Yellow: S3@HO34; end
17. Green: R3@HO40; W1@SEA49; end
18. Yellow: B3@HO02; N1@HO26; end
19. Green: S1@HO27; end
20. Yellow: S2@HO36; end
21. Green: S1@HO13; end
22. Yellow: S1@HO18; end
23. Green: R4@HO38; end
24. Yellow: S1@HO39; end
"""

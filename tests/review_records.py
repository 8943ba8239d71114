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
FINISHED = BLUNDER.replace('[Result "*"]', '[Result "Yellow wins (decided by leaderships)"]\n'
                           '[Table "Green person, Yellow greedy"]') + """\
22. Yellow: S1@HO18; end
23. Green: R4@HO38; end
24. Yellow: S1@HO39; end
"""

# A Katana game of a random Black against the search bot: Black's 19th move is a blunder.
KATANA = """\
[Game "katana"]
[Start "d9,f9,a7,i7 a3,i3,d1,f1 b - 0:0 0 0 -"]
[Result "red"]

1. a7-b7 d1-i6 2. d9-f7 i6-h7 3. @a7 f9-a4 4. f1-f7 a4-f4 5. f7-f5 a7-c9 6.
h7-h5 pass 7. f5-d7 @f9 8. f4-h4 h5-h7 9. h4-h2 h7-e4 10. f9-f3 d7-h3 11. pass
h3-e6 12. c9-f6 e4-h4 13. pass h4-f4 14. @f9 f9-d7 15. f4-c1 pass 16. i3-g1
pass 17. e6-c6 i7-g9 18. c6-e4 d7-f5 19. g1-i3 g9-e7 20. e4-e2 f5-f3 21. i3-h3
"""

# An Iki-zumari game of a random Red against the search bot: Red's 13th move misses a forced IKI-ZUMARI.
IKIZUMARI = """\
Game: ikizumari
Result: black iki_zumari

1. g1-g3 h11-h9 2. h1-i2 d11-c11 3. g3-f4 c11-c10 4. d1-c1 c10-c11 5. i2-i1 c11-c10 6. i1-i3 c10-c8 7. c1-a1 g11-j8 8. i3-i1 c8-f5 9. e1-c3 f5-f6+e11-e3
"""

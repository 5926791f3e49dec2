# Writes corpus/invalid/syntax/*.sdn: each case states the error kind and where it must be found
# (the line:column of the marker text, computed here from the case itself, not from the parser).
import os
HDR = '[Event "Boudoir Open"]\n[Site "Paris"]\n[Date "2026.11.29"]\n[Round "1"]\n[White "Justine"]\n[Black "Juliette"]\n[Result "*"]\n[Variant "Sade"]\n\n'
cases = [
 # name, what, kind, body, marker (text where the error starts; first occurrence after the header), nth occurrence
 ("unclosed_tag", "a tag pair without its closing bracket", "unclosed-tag", '[Event "Boudoir Open"\n[Site "Paris"]\n\n1. 3: e6 d6 Nf6 *\n', '[Event'),
 ("unclosed_tag_value", "a tag value without its closing quote", "unclosed-tag-value", '[Event "Boudoir Open]\n\n1. 3: e6 d6 Nf6 *\n', '"Boudoir'),
 ("missing_tag_value", "a tag pair with a name and no value", "missing-tag-value", '[Event]\n\n1. 3: e6 d6 Nf6 *\n', '[Event'),
 ("missing_tag_name", "a tag pair with a value and no name", "missing-tag-name", '[ "Paris"]\n\n1. 3: e6 d6 Nf6 *\n', '[ "'),
 ("junk_after_tag_value", "an unescaped quote inside a tag value", "junk-after-tag-value", '[White "Justine "the virtuous""]\n\n1. 3: e6 d6 Nf6 *\n', 'the virtuous'),
 ("bad_utf8_tag", "a tag value that is not UTF-8", "invalid-utf8", b'[White "Just\xffine"]\n\n1. 3: e6 d6 Nf6 *\n', b'\xff'),
 ("unclosed_comment", "a comment open at the end of the file", "unclosed-comment", HDR + '1. 3: e6 d6 Nf6 {the marquis smiles\n', '{the'),
 ("stray_comment_close", "a closing brace with no comment", "stray-comment-close", HDR + '1. 3: e6 d6 } Nf6 *\n', '}'),
 ("stray_variation_close", "a closing parenthesis with no variation", "stray-variation-close", HDR + '1. 3: e6 d6 Nf6 ) 1... 1: Nc3 *\n', ')'),
 ("unclosed_variation", "a variation still open at the result", "unclosed-variation", HDR + '1. 3: e6 d6 Nf6 ( 1. 3: e5 d5 Nc6 1... 1: Nc3 *\n', '( 1.'),
 ("empty_variation", "a variation with nothing in it", "empty-variation", HDR + '1. 3: e6 d6 Nf6 () 1... 1: Nc3 *\n', '()'),
 ("variation_before_move", "a variation before the first action", "variation-before-move", HDR + '1. 3: ( 1. 3: e5 ) e6 d6 Nf6 *\n', '( 1.'),
 ("too_deep", "variations nested 21 levels deep", "too-deep", HDR + '1. 3: e6 d6 Nf6 ' + '( e5 ' * 21 + ')' * 21 + ' *\n', '( e5 ', 21),
 ("die_face_seven", "die face 7", "bad-die-face", HDR + '1. 7: e6 d6 Nf6 *\n', '7:'),
 ("die_face_zero", "die face 0", "bad-die-face", HDR + '1. 0: e6 *\n', '0:'),
 ("four_dots", "a move number with four dots", "bad-move-number", HDR + '1. 3: e6 d6 Nf6 1.... 1: Nc3 *\n', '1....'),
 ("huge_move_number", "a move number past 2^32", "move-number-too-large", HDR + '99999999999. 3: e6 d6 Nf6 *\n', '99999999999.'),
 ("dangling_move_number", "a move number with no turn after it", "dangling-move-number", HDR + '1. 3: e6 d6 Nf6 1... *\n', '1...'),
 ("bad_nag", "a NAG with no number", "bad-nag", HDR + '1. 3: e6 d6 Nf6 $ 1... 1: Nc3 *\n', '$ '),
 ("nag_too_large", "NAG 300", "bad-nag", HDR + '1. 3: e6 d6 Nf6 $300 *\n', '$300'),
 ("bad_glyph", "three exclamation marks", "bad-glyph", HDR + '1. 3: e6 d6 Nf6!!! *\n', 'Nf6!!!'),
 ("two_check_marks", "a check and a mate mark on one move", "bad-check-mark", HDR + '1. 3: e6 d6 Nf6+# *\n', 'Nf6+#'),
 ("castling_without_dash", "OO for O-O", "bad-castling", HDR + '1. 4: -Nb1 OO *\n', 'OO'),
 ("castling_four_os", "O-O-O-O", "bad-castling", HDR + '1. 4: -Nb1 O-O-O-O *\n', 'O-O-O-O'),
 ("bad_square", "a knight to f9", "bad-move", HDR + '1. 3: e6 d6 Nf9 *\n', 'Nf9'),
 ("unknown_piece_letter", "Z is no piece", "bad-move", HDR + '1. 1: Zf3 *\n', 'Zf3'),
 ("promotion_to_pawn", "a pawn promoting to a pawn", "bad-promotion", HDR + '1. 1: e8=P *\n', 'e8=P'),
 ("promotion_of_a_knight", "a knight cannot promote", "bad-promotion", HDR + '1. 1: Nf8=Q *\n', 'Nf8=Q'),
 ("sacrifice_without_square", "a sacrifice with no square", "bad-sacrifice", HDR + '1. 4: -N e4 *\n', '-N'),
 ("sacrifice_bad_letter", "a sacrifice of a Z", "bad-sacrifice", HDR + '1. 4: -Zc3 e4 *\n', '-Zc3'),
 ("resurrection_without_piece", "@d4 with no piece", "bad-resurrection", HDR + '1. 5: @d4 *\n', '@d4'),
 ("resurrection_off_board", "Q@d9", "bad-resurrection", HDR + '1. 5: Q@d9 *\n', 'Q@d9'),
 ("result_one_one", "1-1 is no result", "bad-result", HDR + '1. 3: e6 d6 Nf6 1-1\n', '1-1'),
 ("result_half", "1/2 for 1/2-1/2", "bad-result", HDR + '1. 3: e6 d6 Nf6 1/2\n', '1/2'),
 ("nul_byte", "a NUL byte in the movetext", "nul", HDR + '1. 3: e6 d6\x00 Nf6 *\n', '\x00'),
 ("bad_utf8_comment", "a comment that is not UTF-8", "invalid-utf8", HDR.encode() + b'1. 3: e6 d6 Nf6 {caf\xe9} *\n', b'\xe9'),
 ("unexpected_character", "an ampersand in the movetext", "unexpected-char", HDR + '1. 3: e6 d6 Nf6 & *\n', '&'),
 ("stray_tag_close", "a closing bracket in the movetext", "stray-tag-close", HDR + '1. 3: e6 d6 Nf6 ] *\n', ']'),
 ("truncated_move", "the file ends in the middle of a move", "bad-move", HDR + '1. 3: e6 d6 Nf6 1... 4: -Nb8 Bb', 'Bb'),
 ("marseillais_bad_token", "a Marseillais pair written with a slash", "bad-move", '[Variant "Marseillais"]\n\n1. e4 2. e5/Nc6 *\n', 'e5/Nc6'),
]
out = 'invalid/syntax'
for case in cases:
    name, what, kind, body, marker = case[:5]
    nth = case[5] if len(case) > 5 else 1
    b = body if isinstance(body, bytes) else body.encode()
    m = marker if isinstance(marker, bytes) else marker.encode()
    pos = len(HDR) - 1 if b.startswith(HDR.encode()) else -1
    for _ in range(nth):
        pos = b.index(m, pos + 1)
    line = b[:pos].count(b'\n') + 1
    col = len(b[b[:pos].rfind(b'\n') + 1:pos].decode('utf-8', 'replace')) + 1
    head = f'; expect: parse-error {kind} at {line + 2}:{col}\n; case: {what}\n'.encode()
    open(os.path.join(out, name + '.sdn'), 'wb').write(head + b)
print(len(cases), 'cases')

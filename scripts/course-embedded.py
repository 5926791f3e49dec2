#!/usr/bin/env python3
"""Writes src/course/embedded.rs from course/*/stages.json: each game's stages, then every
lesson of its stages in their order. Run it after adding, renaming or moving a lesson; the
tests hold the built-in course to the folder."""
import json
import pathlib

root = pathlib.Path(__file__).resolve().parent.parent
out = ['//! The course\'s files, built into the binary (`course/`): each game\'s stages, then its lessons,',
       '//! in the stages\' order. Written by `scripts/course-embedded.py` from the stages.', '',
       '/// `(folder, text)` of each game\'s `stages.json`: Sade\'s, then Marseillais\'.',
       'pub const STAGES: &[(&str, &str)] = &[']
games = ['sade', 'marseillais']
for g in games:
    out.append(f'    ("{g}", include_str!("../../course/{g}/stages.json")),')
out += ['];', '', '/// `articles.json`: what each cited Article says.',
        'pub const ARTICLES: &str = include_str!("../../course/articles.json");']
out += ['', '/// `(name, text)` of every lesson: Sade\'s, then Marseillais\'.',
        'pub const LESSONS: &[(&str, &str)] = &[']
for g in games:
    for stage in json.loads((root / 'course' / g / 'stages.json').read_text())['stages']:
        for task in stage['tasks']:
            out.append('    (')
            out.append(f'        "{g}/{task}",')
            out.append(f'        include_str!("../../course/{g}/{task}.json"),')
            out.append('    ),')
out.append('];')
(root / 'src' / 'course' / 'embedded.rs').write_text('\n'.join(out) + '\n')

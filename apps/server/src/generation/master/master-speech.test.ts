import { describe, expect, it } from 'vitest';
import { clipsFilter, voiceFilter } from './master-speech';

describe('clipsFilter', () => {
  it('makes each clip mono at the output rate, trims the silence around it and writes it out on its own', () => {
    const graph = clipsFilter(2);
    expect(graph).toMatch(/^\[0:a:0\]aresample=24000,aformat=sample_fmts=flt:sample_rates=24000:channel_layouts=mono,silenceremove=/);
    expect(graph.match(/areverse/g)).toHaveLength(4);
    expect(graph).toContain('[clip0];[1:a:0]');
    expect(graph.endsWith('[clip1]')).toBe(true);
  });
});

describe('voiceFilter', () => {
  it('changes the tempo only when asked, then compresses and measures the loudness', () => {
    expect(voiceFilter(1)).not.toContain('atempo');
    expect(voiceFilter(1.05)).toMatch(/^\[0:a\]atempo=1\.0500,acompressor/);
    expect(voiceFilter(0.95)).toContain('[voice][measure]');
    expect(voiceFilter(0.95)).toContain('ebur128');
  });
});

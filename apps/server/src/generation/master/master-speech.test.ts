import { describe, expect, it } from 'vitest';
import { assemblyFilter, PARAGRAPH_PAUSE_SECONDS, SAMPLE_RATE, SENTENCE_PAUSE_SECONDS } from './master-speech';

describe('assemblyFilter', () => {
  const pads = (graph: string) => [...graph.matchAll(/apad=pad_len=(\d+)/g)].map((m) => Number(m[1]) / SAMPLE_RATE);

  it('puts a sentence pause inside a paragraph, a longer one between paragraphs, and a tail at the end', () => {
    const graph = assemblyFilter([2, 1], false);
    expect(pads(graph)).toEqual([SENTENCE_PAUSE_SECONDS, PARAGRAPH_PAUSE_SECONDS, 0.8]);
    expect(graph).toContain('[clip0][clip1][clip2]concat=n=3:v=0:a=1');
    expect(graph.match(/adelay=/g)).toHaveLength(1);
  });

  it('leaves more room at both ends for the ambient bed to fade', () => {
    const graph = assemblyFilter([1], true);
    expect(graph).toContain('adelay=2500');
    expect(pads(graph)).toEqual([3.5]);
  });

  it('trims the silence around each clip and makes it mono at the output rate', () => {
    const graph = assemblyFilter([1], false);
    expect(graph).toMatch(/^\[0:a:0\]aresample=24000,aformat=sample_fmts=flt:sample_rates=24000:channel_layouts=mono,silenceremove=/);
    expect(graph.match(/areverse/g)).toHaveLength(2);
  });
});

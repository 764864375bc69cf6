// The container image definition, as read: multi-stage, a non-root user, a health check on the admin health
// endpoint, and nothing copied that the build does not make. No Docker daemon runs where the tests run; .ci/run
// builds it for real with buildah and runs the image (tools/image.sh).
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dockerfile = readFileSync(new URL('../Dockerfile', import.meta.url), 'utf8');
const instructions = dockerfile.split('\n').filter((line) => /^[A-Z]+ /.test(line));

describe('the Dockerfile', () => {
  it('builds in one stage and runs in another, as the unprivileged node user', () => {
    expect(instructions.filter((line) => line.startsWith('FROM '))).toHaveLength(2);
    const run = instructions.slice(instructions.findLastIndex((line) => line.startsWith('FROM ')));
    expect(run).toContain('USER node');
    expect(run.find((line) => line.startsWith('ENTRYPOINT'))).toBe('ENTRYPOINT ["node", "dist/bin.cjs"]');
  });

  it('checks its health on /__admin/health, with the admin token when one is set', () => {
    const health = dockerfile.slice(dockerfile.indexOf('HEALTHCHECK'));
    expect(health).toMatch(/\/__admin\/health/);
    expect(health).toMatch(/process\.env\.ADMIN_TOKEN/);
  });

  it('copies into the image only what the repository or the build has', () => {
    for (const line of instructions.filter((candidate) => candidate.startsWith('COPY --from=build'))) {
      const sources = line
        .replace(/^COPY (--\S+ )+/, '')
        .split(' ')
        .slice(0, -1);
      for (const source of sources) {
        const path = source.replace(/^\/app\//, '');
        if (!['dist', 'node_modules'].includes(path))
          expect(existsSync(new URL(`../${path}`, import.meta.url)), path).toBe(true);
      }
    }
  });
});

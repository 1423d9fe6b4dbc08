/** Steady lead writes against a running server, for the fault suites: what was acknowledged and what failed how. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 30_000, every = 100): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(every);
  }
}

export interface WriteTraffic {
  /** Ids of the leads answered 201. */
  acknowledged: string[];
  /** When each 201 arrived. */
  okAt: number[];
  /** The error bodies of 503 answers. */
  unavailable: Array<{ code: string; message: string }>;
  /** Anything else: other statuses, requests that got no answer. */
  others: string[];
  statuses: Map<number, number>;
  stop(): Promise<void>;
}

/** `workers` loops creating leads one after another until stopped. */
export function startWriteTraffic(url: string, cookie: string, workers = 4): WriteTraffic {
  const traffic: WriteTraffic = { acknowledged: [], okAt: [], unavailable: [], others: [], statuses: new Map(), stop: async () => {} };
  let running = true;
  let n = 0;
  const worker = async () => {
    while (running) {
      const i = n++;
      let status = 0;
      try {
        const res = await fetch(`${url}/api/leads`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: url, cookie },
          body: JSON.stringify({ owner_1_name: `Fault Owner ${i}`, property_address_full: `${i} Fault Line Road, Austin, TX 78701` }),
        });
        status = res.status;
        const body = (await res.json()) as { id?: string; error?: { code: string; message: string } };
        if (status === 201) {
          traffic.acknowledged.push(body.id!);
          traffic.okAt.push(Date.now());
        } else if (status === 503) {
          traffic.unavailable.push(body.error!);
        } else {
          traffic.others.push(`${status} ${JSON.stringify(body)}`);
        }
      } catch (error) {
        traffic.others.push(`no answer: ${(error as Error).message}`);
      }
      traffic.statuses.set(status, (traffic.statuses.get(status) ?? 0) + 1);
    }
  };
  const loops = Array.from({ length: workers }, worker);
  traffic.stop = async () => {
    running = false;
    await Promise.all(loops);
  };
  return traffic;
}

/** Signs in through the API and returns the session cookie (name=value). */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().find((c) => c.includes('session_token='))!.split(';')[0]!;
}

import { createSocket } from 'node:dgram';

export interface TestDnsServer {
  /** `127.0.0.1:port`, for DNS_SERVERS. */
  address: string;
  /** Publishes (or, with no values, removes) the TXT records of a name. */
  setTxt(name: string, values: string[]): void;
  close(): Promise<void>;
}

const TYPE_TXT = 16;

/** The question's name and where the question ends (after its type and class). */
function readQuestion(query: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let at = 12;
  for (let length = query[at] ?? 0; length > 0; length = query[at] ?? 0) {
    labels.push(query.subarray(at + 1, at + 1 + length).toString('ascii'));
    at += length + 1;
  }
  return { name: labels.join('.').toLowerCase(), type: query.readUInt16BE(at + 1), end: at + 5 };
}

function answer(query: Buffer, records: Map<string, string[]>): Buffer {
  const question = readQuestion(query);
  const values = records.get(question.name);
  const found = values !== undefined && question.type === TYPE_TXT ? values : [];
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // the id
  // A response, recursion desired and available; NXDOMAIN for an unknown name.
  header.writeUInt16BE(0x8180 | (values === undefined ? 3 : 0), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(found.length, 6);
  const answers = found.map((value) => {
    const text = Buffer.from(value, 'utf8');
    const record = Buffer.alloc(12);
    record.writeUInt16BE(0xc00c, 0); // the question's name
    record.writeUInt16BE(TYPE_TXT, 2);
    record.writeUInt16BE(1, 4); // IN
    record.writeUInt32BE(60, 6);
    record.writeUInt16BE(text.length + 1, 10);
    return Buffer.concat([record, Buffer.from([text.length]), text]);
  });
  return Buffer.concat([header, query.subarray(12, question.end), ...answers]);
}

/** A DNS server on loopback answering TXT questions from a table (values up to 255 bytes). */
export async function startTestDnsServer(): Promise<TestDnsServer> {
  const records = new Map<string, string[]>();
  const socket = createSocket('udp4');
  socket.on('message', (query, peer) => {
    socket.send(answer(query, records), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    setTxt(name, values) {
      if (values.length === 0) records.delete(name.toLowerCase());
      else records.set(name.toLowerCase(), values);
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

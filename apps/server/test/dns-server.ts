import { createSocket } from 'node:dgram';

export interface TestDnsServer {
  /** `127.0.0.1:port`, for DNS_SERVERS. */
  address: string;
  /** Publishes (or, with no values, removes) the TXT records of a name. */
  setTxt(name: string, values: string[]): void;
  /** Publishes (or, with no target, removes) the CNAME record of a name. */
  setCname(name: string, target?: string): void;
  close(): Promise<void>;
}

const TYPE_CNAME = 5;
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

/** A name in wire format: length-prefixed labels, then a zero. */
const encodeName = (name: string) =>
  Buffer.concat([
    ...name
      .split('.')
      .map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label, 'ascii')])),
    Buffer.from([0]),
  ]);

/** A TXT record's data: the value cut into character-strings of 255 bytes at most (RFC 1035 §3.3.14). */
function txtData(value: string): Buffer {
  const text = Buffer.from(value, 'utf8');
  const strings: Buffer[] = [];
  for (let at = 0; at < text.length || strings.length === 0; at += 255) {
    const piece = text.subarray(at, at + 255);
    strings.push(Buffer.from([piece.length]), piece);
  }
  return Buffer.concat(strings);
}

function answer(query: Buffer, records: Map<string, { txt?: string[]; cname?: string }>): Buffer {
  const question = readQuestion(query);
  const known = records.get(question.name);
  const found =
    question.type === TYPE_TXT
      ? (known?.txt ?? []).map(txtData)
      : question.type === TYPE_CNAME && known?.cname
        ? [encodeName(known.cname)]
        : [];
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // the id
  // A response, recursion desired and available; NXDOMAIN for an unknown name.
  header.writeUInt16BE(0x8180 | (known === undefined ? 3 : 0), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(found.length, 6);
  const answers = found.map((data) => {
    const record = Buffer.alloc(12);
    record.writeUInt16BE(0xc00c, 0); // the question's name
    record.writeUInt16BE(question.type, 2);
    record.writeUInt16BE(1, 4); // IN
    record.writeUInt32BE(60, 6);
    record.writeUInt16BE(data.length, 10);
    return Buffer.concat([record, data]);
  });
  return Buffer.concat([header, query.subarray(12, question.end), ...answers]);
}

/** A DNS server on loopback answering TXT and CNAME questions from a table. */
export async function startTestDnsServer(): Promise<TestDnsServer> {
  const records = new Map<string, { txt?: string[]; cname?: string }>();
  const publish = (name: string, change: { txt?: string[]; cname?: string }) => {
    const next = { ...records.get(name.toLowerCase()), ...change };
    if (!next.txt?.length && !next.cname) records.delete(name.toLowerCase());
    else records.set(name.toLowerCase(), next);
  };
  const socket = createSocket('udp4');
  socket.on('message', (query, peer) => {
    socket.send(answer(query, records), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    setTxt: (name, values) => publish(name, { txt: values }),
    setCname: (name, target) => publish(name, { cname: target }),
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

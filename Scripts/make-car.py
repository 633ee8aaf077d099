#!/usr/bin/env python3
"""Writes a compiled catalog (.car) from a real one, for fuzz seeds and benchmarks.

    Scripts/make-car.py SOURCE.car OUT.car --renditions N [--first K]

Reads SOURCE's BOM (blocks, variables, trees) and writes a new BOM file holding its CARHEADER,
EXTENDED_METADATA and KEYFORMAT, and N renditions: the source's renditions in order, repeated
until N are written. Each repetition gets facets of its own (the source's names with `~K`
appended and new name identifiers), so every rendition key stays unique and named; packed images
keep their keys but get a new dimension. With --first K only the first K source renditions are
used (small fuzz seeds; --smallest takes the K smallest). The rendition values (CSI headers, properties, data) are copied byte
for byte; the trees are written as actool writes them (4096-byte nodes, leaves linked left to
right, an inner level above when one leaf is not enough).
"""
import argparse
import struct

NODE_SIZE = 4096
PER_NODE = (NODE_SIZE - 12) // 8


class Source:
    def __init__(self, data):
        self.data = data
        magic, _, _, table, _, variables, _ = struct.unpack(">8sIIIIII", data[:32])
        assert magic == b"BOMStore", "not a BOM file"
        count, = struct.unpack(">I", data[table:table + 4])
        self.blocks = [struct.unpack(">II", data[table + 4 + 8 * i:table + 12 + 8 * i]) for i in range(count)]
        count, = struct.unpack(">I", data[variables:variables + 4])
        self.variables, cursor = {}, variables + 4
        for _ in range(count):
            index, length = struct.unpack(">IB", data[cursor:cursor + 5])
            self.variables[data[cursor + 5:cursor + 5 + length].decode()] = index
            cursor += 5 + length

    def block(self, index):
        offset, length = self.blocks[index]
        return self.data[offset:offset + length]

    def variable(self, name):
        return self.block(self.variables[name]) if name in self.variables else None

    def tree(self, name):
        """The (key bytes, value bytes) of a tree's leaves, in order."""
        if name not in self.variables:
            return []
        node = self.block(struct.unpack(">I", self.variable(name)[8:12])[0])
        while struct.unpack(">H", node[:2])[0] == 0:
            node = self.block(struct.unpack(">I", node[12:16])[0])
        entries = []
        while True:
            _, count, forward, _ = struct.unpack(">HHII", node[:12])
            for i in range(count):
                value, key = struct.unpack(">II", node[12 + 8 * i:20 + 8 * i])
                entries.append((self.block(key), self.block(value)))
            if forward == 0:
                return entries
            node = self.block(forward)


class Writer:
    """Lays out blocks after a 512-byte header area, then the block table and the variables."""

    def __init__(self):
        self.body = bytearray(b"\0" * 512)
        self.blocks = [(0, 0)]  # block 0 is the null block

    def add(self, payload):
        self.blocks.append((len(self.body), len(payload)))
        self.body += payload
        return len(self.blocks) - 1

    def reserve(self):
        self.blocks.append((0, 0))
        return len(self.blocks) - 1

    def fill(self, index, payload):
        self.blocks[index] = (len(self.body), len(payload))
        self.body += payload

    def tree(self, entries):
        """A B-tree of (key bytes, value bytes); returns the tree header's block."""
        pairs = [(self.add(key), self.add(value)) for key, value in entries]
        level = []  # (node block, first key block) per node
        leaves = [pairs[i:i + PER_NODE] for i in range(0, len(pairs), PER_NODE)] or [[]]
        indices = [self.reserve() for _ in leaves]
        for position, (leaf, index) in enumerate(zip(leaves, indices)):
            forward = indices[position + 1] if position + 1 < len(indices) else 0
            backward = indices[position - 1] if position > 0 else 0
            node = struct.pack(">HHII", 1, len(leaf), forward, backward)
            node += b"".join(struct.pack(">II", value, key) for key, value in leaf)
            self.fill(index, node.ljust(NODE_SIZE, b"\0"))
            level.append((index, leaf[-1][0] if leaf else 0))
        while len(level) > 1:
            upper = []
            for start in range(0, len(level), PER_NODE):
                group = level[start:start + PER_NODE]
                node = struct.pack(">HHII", 0, len(group), 0, 0) + b"".join(struct.pack(">II", child, key) for child, key in group)
                upper.append((self.add(node.ljust(NODE_SIZE, b"\0")), group[-1][1]))
            level = upper
        return self.add(b"tree" + struct.pack(">IIIIB", 1, level[0][0], NODE_SIZE, len(entries), 0))

    def finish(self, variables):
        table = len(self.body)
        table_bytes = struct.pack(">I", len(self.blocks)) + b"".join(struct.pack(">II", o, l) for o, l in self.blocks)
        self.body += table_bytes
        var_offset = len(self.body)
        var_bytes = struct.pack(">I", len(variables)) + b"".join(
            struct.pack(">IB", index, len(name)) + name.encode() for name, index in variables)
        self.body += var_bytes
        used = sum(1 for o, l in self.blocks if l)
        self.body[:32] = b"BOMStore" + struct.pack(">IIIIII", 1, used, table, len(table_bytes), var_offset, len(var_bytes))
        return bytes(self.body)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("source")
    parser.add_argument("output")
    parser.add_argument("--renditions", type=int, required=True)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--smallest", action="store_true", help="with --first: the K smallest renditions instead of the first K")
    parser.add_argument("--with-data", action="store_true", help="only renditions that carry data (not references into packed images)")
    arguments = parser.parse_args()

    source = Source(open(arguments.source, "rb").read())
    key_format = source.variable("KEYFORMAT")
    attributes = [struct.unpack("<I", key_format[12 + 4 * i:16 + 4 * i])[0] for i in range(struct.unpack("<I", key_format[8:12])[0])]
    identifier = attributes.index(17)
    dimension = attributes.index(8) if 8 in attributes else None
    facets = source.tree("FACETKEYS")
    renditions = source.tree("RENDITIONS")
    if arguments.with_data:
        renditions = [(key, value) for key, value in renditions if struct.unpack("<I", value[180:184])[0] > 0]
    if arguments.first:
        if arguments.smallest:
            renditions = sorted(renditions, key=lambda entry: len(entry[1]))
        renditions = renditions[:arguments.first]
        kept = {struct.unpack("<H", key[2 * identifier:2 * identifier + 2])[0] for key, _ in renditions}
        facets = [(name, value) for name, value in facets if facet_identifier(value) in kept]

    out_facets, out_renditions = [], []
    next_identifier = 1
    repetition = 0
    while len(out_renditions) < arguments.renditions:
        mapping = {}
        for name, value in facets:
            old = facet_identifier(value)
            mapping[old] = next_identifier
            suffix = b"" if repetition == 0 else b"~%d" % repetition
            out_facets.append((name.rstrip(b"\0") + suffix, replace_facet_identifier(value, next_identifier)))
            next_identifier = next_identifier % 65535 + 1
        for key, value in renditions:
            if len(out_renditions) == arguments.renditions:
                break
            values = list(struct.unpack("<%dH" % len(attributes), key[:2 * len(attributes)]))
            if values[identifier] in mapping:
                values[identifier] = mapping[values[identifier]]
            elif dimension is not None:  # a packed image: no facet, so a new dimension keeps it unique
                values[dimension] = (values[dimension] + repetition) % 65536
            out_renditions.append((struct.pack("<%dH" % len(values), *values) + key[2 * len(attributes):], value))
        repetition += 1

    header = bytearray(source.variable("CARHEADER"))
    header[16:20] = struct.pack("<I", len(out_renditions))
    writer = Writer()
    variables = [("CARHEADER", writer.add(bytes(header)))]
    if source.variable("EXTENDED_METADATA") is not None:
        variables.append(("EXTENDED_METADATA", writer.add(source.variable("EXTENDED_METADATA"))))
    variables.append(("KEYFORMAT", writer.add(key_format)))
    out_facets.sort(key=lambda entry: entry[0])
    out_renditions.sort(key=lambda entry: entry[0])
    variables.append(("FACETKEYS", writer.tree(out_facets)))
    variables.append(("RENDITIONS", writer.tree(out_renditions)))
    for name in ("APPEARANCEKEYS", "LOCALIZATIONKEYS"):
        if name in source.variables:
            variables.append((name, writer.tree(source.tree(name))))
    open(arguments.output, "wb").write(writer.finish(variables))


def facet_identifier(value):
    count, = struct.unpack("<H", value[4:6])
    for i in range(count):
        attribute, number = struct.unpack("<HH", value[6 + 4 * i:10 + 4 * i])
        if attribute == 17:
            return number
    return None


def replace_facet_identifier(value, identifier):
    value = bytearray(value)
    count, = struct.unpack("<H", value[4:6])
    for i in range(count):
        if struct.unpack("<H", value[6 + 4 * i:8 + 4 * i])[0] == 17:
            value[8 + 4 * i:10 + 4 * i] = struct.pack("<H", identifier)
    return bytes(value)


if __name__ == "__main__":
    main()

import FirestoreModel
import ModelSchema

/// Choice sequences that each remove one struct field from a generated case everywhere at
/// once: from the struct's definition in the schema, and from every value of that struct in
/// the document and in the model value, so that the rest of the case replays as it was.
///
/// Deleting a field's schema choices alone shifts every later choice onto the wrong request
/// (the document still holds choices for the field); a span shrinker that deletes one span at
/// a time can therefore almost never remove a field. This pass reads the spans the generators
/// record (`ChoiceSpan`, with their nesting) against the case's schema:
/// - the schema: struct definitions are opened in the order a depth-first walk of the root's
///   field types first meets each struct; each field of a definition is one `element` span;
/// - the document and the model value: the top-level `field` spans are the root struct's keyed
///   fields (document) and then all its fields (model); the `field` spans below a field's span,
///   grouped by the span directly around them, are the fields of each value of the struct the
///   field's type holds, recursively.
///
/// Where the spans do not have that shape (an exhausted input, an edited sequence) the pass
/// offers fewer candidates; every candidate is only a proposal, kept when the case it replays
/// to still shows the finding.
struct FieldDeletion {
    /// One field's deletion: the edit of the sequence, applied only when the candidate is
    /// tried, so that listing the candidates of a wide schema copies no sequence.
    struct Candidate: Hashable {
        /// The struct the field belongs to.
        let structName: String
        /// The field's position in the struct.
        let field: Int
        /// What the deletion removes from `base` (and the "no more fields" choice it adds).
        let edit: Edit
        /// The sequence the edit applies to.
        let base: [UInt64]
        /// The ranges of `base` made while injecting faults.
        let faultRanges: [Range<Int>]

        /// The choices, without the field.
        var choices: [UInt64] { edit.applied(to: base) }

        /// The positions in `choices` of choices made while injecting faults, which count
        /// places in the document (a fault's site is an index into them): the ones to lower
        /// when the field stood before the fault's site.
        var faultChoices: [Int] { faultRanges.flatMap { range in range.compactMap { edit.position(of: $0) } } }
    }

    private let schema: ModelSchema
    private let spans: [ChoiceSpan]
    private let children: [Int?: [Int]]

    /// Reads the spans of a replay of `schema`'s case.
    init(schema: ModelSchema, spans: [ChoiceSpan]) {
        self.schema = schema
        self.spans = spans
        var children: [Int?: [Int]] = [:]
        for (index, span) in spans.enumerated() { children[span.parent, default: []].append(index) }
        self.children = children
    }

    /// A deletion per field, the last field of the last struct first, but for the fields the
    /// path `keeping` passes through (a finding's own place cannot be deleted).
    func candidates(from choices: [UInt64], keeping path: ValuePath) -> [Candidate] {
        guard let schemaFields = schemaFieldSpans() else { return [] }
        let kept = fieldsOnPath(path)
        let documentGroups = valueGroups(keyedOnly: true)
        let modelGroups = valueGroups(keyedOnly: false)
        let faultRanges = spans.filter { $0.kind == .fault }.map(\.range)
        var result: [Candidate] = []
        for structSchema in schema.structs.reversed() {
            guard let definition = schemaFields[structSchema.name] else { continue }
            let keyed = structSchema.fields.indices.filter { structSchema.fields[$0].codingKey != nil }
            for field in structSchema.fields.indices.reversed() where !kept.contains(FieldID(structName: structSchema.name, field: field)) {
                var ranges = [spans[definition.fields[field]].range]
                if let ordinal = keyed.firstIndex(of: field) {
                    for group in documentGroups[structSchema.name] ?? [] { ranges.append(spans[group[ordinal]].range) }
                }
                for group in modelGroups[structSchema.name] ?? [] { ranges.append(spans[group[field]].range) }
                let removed = FieldDeletion.merged(ranges)
                guard !removed.isEmpty, removed.allSatisfy({ $0.upperBound <= choices.count }) else { continue }
                result.append(Candidate(structName: structSchema.name, field: field, edit: Edit(removed: removed, stopAt: definition.stopPosition),
                                        base: choices, faultRanges: faultRanges))
            }
        }
        return result
    }

    /// A field of a struct of the schema.
    struct FieldID: Hashable {
        let structName: String
        let field: Int
    }

    /// The struct fields a coding path passes through (struct steps by coding key).
    func fieldsOnPath(_ path: ValuePath) -> Set<FieldID> {
        Set(schema.structFields(on: path).map { FieldID(structName: $0.structName, field: $0.field) })
    }

    // MARK: The schema

    /// A struct's definition: its field spans (its `element` spans), and where a "no more
    /// fields" choice must go once a field is deleted — when the struct had as many fields as
    /// the profile allows, the generator asked no such question, but it will ask with one fewer.
    struct Definition {
        let fields: [Int]
        let stopPosition: Int?
    }

    /// Each struct's definition, by struct name; nil when the struct definitions do not match
    /// the schema.
    private func schemaFieldSpans() -> [String: Definition]? {
        let definitions = spans.indices.filter { spans[$0].kind == .structDefinition }
        let order = structCreationOrder()
        guard definitions.count == order.count else { return nil }
        var result: [String: Definition] = [:]
        for (definition, name) in zip(definitions, order) {
            guard let structSchema = schema.structSchema(named: name) else { return nil }
            let fields = (children[definition] ?? []).filter { spans[$0].kind == .element }
            guard fields.count == structSchema.fields.count else { continue }
            let end = spans[definition].range.upperBound
            let asked = fields.last.map { spans[$0].range.upperBound < end } ?? true
            result[name] = Definition(fields: fields, stopPosition: asked ? nil : end)
        }
        return result
    }

    /// The structs in the order the schema generator began them: depth-first through the
    /// root's field types, each struct where it is first met.
    private func structCreationOrder() -> [String] {
        var order: [String] = []
        func visit(_ name: String) {
            guard !order.contains(name), let structSchema = schema.structSchema(named: name) else { return }
            order.append(name)
            for field in structSchema.fields {
                if let nested = FieldDeletion.structName(in: field.type) { visit(nested) }
            }
        }
        visit(schema.root)
        return order
    }

    /// The struct a field type holds values of (through optionals, collections and
    /// dictionary values), if any.
    static func structName(in type: FieldType) -> String? {
        switch type {
        case .structure(let name): return name
        case .optional(let inner), .array(let inner), .set(let inner): return structName(in: inner)
        case .dictionary(_, let value): return structName(in: value)
        default: return nil
        }
    }

    // MARK: The document and the model value

    /// The `field` spans of each value of each struct, by struct name: the document's (keyed
    /// fields only) or the model value's (every field).
    private func valueGroups(keyedOnly: Bool) -> [String: [[Int]]] {
        guard let root = schema.rootStruct else { return [:] }
        let topLevel = (children[nil] ?? []).filter { spans[$0].kind == .field }
        let documentCount = root.codedFields.count
        guard topLevel.count == documentCount + root.fields.count else { return [:] }
        let rootGroup = keyedOnly ? Array(topLevel.prefix(documentCount)) : Array(topLevel.suffix(root.fields.count))
        var groups: [String: [[Int]]] = [:]
        collect(rootGroup, of: root, keyedOnly: keyedOnly, into: &groups)
        return groups
    }

    private func collect(_ group: [Int], of structSchema: StructSchema, keyedOnly: Bool, into groups: inout [String: [[Int]]]) {
        groups[structSchema.name, default: []].append(group)
        let fields = keyedOnly ? structSchema.codedFields : structSchema.fields
        for (span, field) in zip(group, fields) {
            guard let nestedName = FieldDeletion.structName(in: field.type), let nested = schema.structSchema(named: nestedName) else { continue }
            let expected = keyedOnly ? nested.codedFields.count : nested.fields.count
            for instance in fieldGroups(below: span) where instance.count == expected {
                collect(instance, of: nested, keyedOnly: keyedOnly, into: &groups)
            }
        }
    }

    /// The `field` spans below a span that no other `field` span lies between, grouped by
    /// the span directly around them.
    private func fieldGroups(below span: Int) -> [[Int]] {
        var groups: [Int: [Int]] = [:]
        var parents: [Int] = []
        var pending = children[span] ?? []
        while !pending.isEmpty {
            let next = pending.removeFirst()
            if spans[next].kind == .field, let parent = spans[next].parent {
                if groups[parent] == nil { parents.append(parent) }
                groups[parent, default: []].append(next)
            } else {
                pending.append(contentsOf: children[next] ?? [])
            }
        }
        return parents.map { groups[$0] ?? [] }
    }

    // MARK: Sequences

    /// Ranges sorted and merged, empty ones dropped.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// An edit of a choice sequence: ranges removed, and a 0 choice put in at one position
    /// (positions are those of the sequence before the edit).
    struct Edit: Hashable {
        /// Sorted, merged, non-empty ranges.
        let removed: [Range<Int>]
        /// Where a 0 goes in (before the choice at that position), if anywhere.
        let stopAt: Int?

        /// The edited sequence: the kept stretches between the removed ranges copied whole.
        func applied(to choices: [UInt64]) -> [UInt64] {
            var result: [UInt64] = []
            result.reserveCapacity(choices.count + 1)
            func keep(_ stretch: Range<Int>) {
                guard !stretch.isEmpty else { return }
                if let stopAt, stretch.contains(stopAt) {
                    result += choices[stretch.lowerBound..<stopAt]
                    result.append(0)
                    result += choices[stopAt..<stretch.upperBound]
                } else {
                    result += choices[stretch]
                }
            }
            var next = 0
            for range in removed {
                let start = min(max(range.lowerBound, next), choices.count)
                keep(next..<start)
                if let stopAt, stopAt >= start, stopAt < min(range.upperBound, choices.count) { result.append(0) }
                next = max(next, min(range.upperBound, choices.count))
            }
            keep(next..<choices.count)
            if stopAt == choices.count { result.append(0) }
            return result
        }

        /// Where the choice at `position` is after the edit; nil when it is removed.
        func position(of position: Int) -> Int? {
            var shift = 0
            for range in removed {
                if range.contains(position) { return nil }
                if range.upperBound <= position { shift -= range.count }
            }
            if let stopAt, stopAt <= position { shift += 1 }
            return position + shift
        }
    }
}

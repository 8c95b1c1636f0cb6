import Crossfire
import FirestoreModel
import ModelSchema

/// A case's schema as the Swift types `crossfire gen-swift` emits for it (`SwiftEmitter`),
/// declarations only: each struct's properties and `CodingKeys`, each enum's cases — without
/// the hand-written mapper and the `ModelValue` conversions the emitter adds for the harness.
struct SwiftDeclarations {
    /// The declarations, one line each, without indentation of the emitter's namespace.
    let lines: [String]
    /// The line of the leaf's property, when the leaf is a struct field or inside one.
    let leafLine: Int?

    /// The declarations of `schema`, with the property that holds the leaf at `leaf` found.
    /// - Throws: `SchemaError` when the emitter refuses the schema.
    init(schema: ModelSchema, leaf: ValuePath) throws(SchemaError) {
        let namespace = "Example"
        let source = try SwiftEmitter(namespace: namespace).emit(schema)
        let body = Array(Self.namespaceBody(source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), namespace: namespace))
        let schemaStructs = Set(schema.structs.map(\.name))
        var lines: [String] = []
        var index = 0
        while index < body.count {
            let line = body[index]
            index += 1
            guard let name = Self.declaredName(line) else {
                if line.hasPrefix("    ///") { lines.append(String(line.dropFirst(4))) }
                continue
            }
            lines.append(String(line.dropFirst(4)))
            var kept: [String] = []
            var keeping = true
            while index < body.count, body[index] != "    }" {
                let inner = body[index]
                index += 1
                if inner.hasPrefix("        // MARK:") || (inner.isEmpty && !(line.hasPrefix("    struct ") && schemaStructs.contains(name))) {
                    keeping = false
                }
                if keeping { kept.append(String(inner.dropFirst(4))) }
            }
            index += 1
            while kept.last?.isEmpty == true { kept.removeLast() }
            lines += kept + ["}", ""]
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        self.lines = lines
        leafLine = Self.leafField(schema: schema, leaf: leaf).flatMap { Self.line(of: $0.field, inStruct: $0.structName, in: lines) }
    }

    /// The lines inside `enum NAMESPACE { … }`.
    private static func namespaceBody(_ lines: [String], namespace: String) -> ArraySlice<String> {
        guard let start = lines.firstIndex(of: "enum \(namespace) {"),
              let end = lines[(start + 1)...].firstIndex(of: "}") else { return [] }
        return lines[(start + 1)..<end]
    }

    /// The type a line at the namespace's level declares (`    struct Book: Codable, Hashable {`).
    private static func declaredName(_ line: String) -> String? {
        for keyword in ["    struct ", "    enum "] where line.hasPrefix(keyword) {
            return String(line.dropFirst(keyword.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        }
        return nil
    }

    /// The struct and property whose value holds the leaf: the last struct field on its path.
    private static func leafField(schema: ModelSchema, leaf: ValuePath) -> (structName: String, field: String)? {
        guard let last = schema.structFields(on: leaf).last,
              let field = schema.structSchema(named: last.structName)?.fields[last.field] else { return nil }
        return (last.structName, field.name)
    }

    /// The line declaring `var field` in `struct name`.
    private static func line(of field: String, inStruct name: String, in lines: [String]) -> Int? {
        guard let start = lines.firstIndex(where: { $0.hasPrefix("struct \(name):") }) else { return nil }
        return lines[start...].prefix { $0 != "}" }.firstIndex { line in
            let trimmed = line.drop { $0 == " " }
            let declaration = trimmed.hasPrefix("@") ? trimmed.drop { $0 != " " }.dropFirst() : trimmed
            return declaration.hasPrefix("var \(field):")
        }
    }

    /// The declarations as HTML lines for a `<pre>`, the leaf's property marked.
    var html: String {
        lines.enumerated().map { number, line in
            number == leafLine ? "<mark>\(HTMLText.escape(line))</mark>" : HTMLText.escape(line)
        }.joined(separator: "\n")
    }
}

import FirestoreModel
import Foundation
import ModelSchema

/// The tree-level reductions of a model value, guided by its schema so that every result is
/// still a value Swift could hold: delete an element of an array, a set or a dictionary;
/// set an optional to nil; replace a scalar with its zero (`""`, `false`, `0`, the reference
/// date, the epoch, empty data, `(0, 0)`) or a simpler value (a shorter string, a rounder
/// number), an enum with its first case, a collection with an empty one; give a `[String: V]`
/// or `[Int: V]` dictionary's entries short keys. Set elements are only deleted, never
/// changed, so that no two merge.
enum ModelValueEdits {
    /// A step from a model value to one of its parts.
    enum Step: Hashable {
        /// A struct's field, by position.
        case field(Int)
        /// An element of an array or a set.
        case element(Int)
        /// The value of a dictionary entry.
        case entryValue(Int)
        /// The key of a dictionary entry.
        case entryKey(Int)
    }

    /// One reduction.
    enum Edit {
        /// Remove the element or entry the last step names.
        case delete([Step])
        /// Replace the value at the steps.
        case replace([Step], ModelValue)
    }

    /// Every reduction of `value` (of the root struct of `schema`), outermost first.
    static func edits(of value: ModelValue, schema: ModelSchema) -> [Edit] {
        var edits: [Edit] = []
        collect(value, type: .structure(schema.root), schema: schema, at: [], inSet: false, into: &edits)
        return edits
    }

    private static func collect(_ value: ModelValue, type: FieldType, schema: ModelSchema, at steps: [Step], inSet: Bool,
                                into edits: inout [Edit]) {
        if let last = steps.last, !isField(last) { edits.append(.delete(steps)) }
        if !inSet {
            for simpler in simpler(replacing: value, type: type, schema: schema) { edits.append(.replace(steps, simpler)) }
        }
        switch (value, type.unwrapped) {
        case (.structure(let fields), .structure(let name)):
            guard let structSchema = schema.structSchema(named: name) else { return }
            for (index, field) in fields.enumerated() {
                guard let declared = structSchema.fields.first(where: { $0.name == field.name }) else { continue }
                collect(field.value, type: declared.type, schema: schema, at: steps + [.field(index)], inSet: false, into: &edits)
            }
        case (.array(let values), .array(let element)):
            for (index, child) in values.enumerated() {
                collect(child, type: element, schema: schema, at: steps + [.element(index)], inSet: false, into: &edits)
            }
        case (.set(let values), .set(let element)):
            for (index, child) in values.enumerated() {
                collect(child, type: element, schema: schema, at: steps + [.element(index)], inSet: true, into: &edits)
            }
        case (.dictionary(let entries), .dictionary(_, let valueType)):
            for (index, entry) in entries.enumerated() {
                collect(entry.value, type: valueType, schema: schema, at: steps + [.entryValue(index)], inSet: false, into: &edits)
            }
            edits += shortKeys(entries, at: steps)
        default:
            break
        }
    }

    /// Short keys for a dictionary's entries (`a`, `b`, … or `0`, `1`, …), for keys not short yet.
    private static func shortKeys(_ entries: [ModelDictionaryEntry], at steps: [Step]) -> [Edit] {
        let keys = entries.map(\.key)
        let renamed: [(old: ModelValue, new: ModelValue)]
        if keys.allSatisfy({ if case .string = $0 { return true } else { return false } }) {
            renamed = SimplerScalars.renamedKeys(keys, short: SimplerScalars.shortStringKeys.map(ModelValue.string))
        } else if keys.allSatisfy({ if case .int = $0 { return true } else { return false } }) {
            renamed = SimplerScalars.renamedKeys(keys, short: SimplerScalars.shortIntKeys.map(ModelValue.int))
        } else {
            renamed = []
        }
        return renamed.compactMap { pair in
            keys.firstIndex(of: pair.old).map { Edit.replace(steps + [.entryKey($0)], pair.new) }
        }
    }

    private static func isField(_ step: Step) -> Bool {
        if case .field = step { return true }
        return false
    }

    /// Simpler values of `type` to put in place of `value`, simplest first: nil for an
    /// optional, then the zero of the wrapped type, then shorter strings or rounder numbers.
    static func simpler(replacing value: ModelValue, type: FieldType, schema: ModelSchema) -> [ModelValue] {
        if value == .null { return [] }
        if case .optional(let inner) = type { return [.null] + simpler(replacing: value, type: inner, schema: schema) }
        return (simplest(replacing: value, type: type, schema: schema).map { [$0] } ?? []) + shorterOrRounder(value)
    }

    /// Shorter strings and rounder numbers to put in place of a scalar.
    private static func shorterOrRounder(_ value: ModelValue) -> [ModelValue] {
        switch value {
        case .string(let text): return SimplerScalars.shorter(text).map(ModelValue.string)
        case .double(let number): return SimplerScalars.rounder(number).map(ModelValue.double)
        case .float(let number): return SimplerScalars.rounder(number).map(ModelValue.float)
        default: return []
        }
    }

    /// The zero of `type` (none for structs, whose fields are reduced one by one, nor for URLs,
    /// references and colors), when `value` is not already it.
    private static func simplest(replacing value: ModelValue, type: FieldType, schema: ModelSchema) -> ModelValue? {
        let simple: ModelValue
        switch type {
        case .string: simple = .string("")
        case .bool: simple = .bool(false)
        case .integer(let integer): simple = integer.isSigned ? .int(0) : .uint(0)
        case .float: simple = .float(0)
        case .double: simple = .double(0)
        case .decimal: simple = .decimal(0)
        case .date: simple = .date(Date(timeIntervalSinceReferenceDate: 0))
        case .timestamp: simple = .timestamp(Timestamp(seconds: 0, nanoseconds: 0))
        case .data: simple = .data(Data())
        case .geoPoint: simple = .geoPoint(GeoPoint(latitude: 0, longitude: 0))
        case .enumeration(let name):
            guard let first = schema.enumSchema(named: name)?.cases.first else { return nil }
            simple = .enumCase(first.name)
        case .array: simple = .array([])
        case .set: simple = .set([])
        case .dictionary: simple = .dictionary([])
        case .url, .documentReference, .hexColor, .structure, .optional: return nil
        }
        return simple == value ? nil : simple
    }

    /// The value with one edit applied; nil when the steps no longer lead anywhere.
    static func apply(_ edit: Edit, to value: ModelValue) -> ModelValue? {
        switch edit {
        case .delete(let steps): return value.editing(steps[...], replacement: nil)
        case .replace(let steps, let replacement): return value.editing(steps[...], replacement: replacement)
        }
    }
}

extension ModelValue {
    /// The value with the part at `steps` replaced, or removed (elements and entries only)
    /// for a nil replacement; nil when the steps do not lead to a part.
    fileprivate func editing(_ steps: ArraySlice<ModelValueEdits.Step>, replacement: ModelValue?) -> ModelValue? {
        guard let first = steps.first else { return replacement }
        let rest = steps.dropFirst()
        func edited(_ child: ModelValue) -> ModelValue?? {
            if rest.isEmpty { return .some(replacement) }
            guard let result = child.editing(rest, replacement: replacement) else { return nil }
            return .some(result)
        }
        switch (self, first) {
        case (.structure(var fields), .field(let index)) where fields.indices.contains(index):
            guard let change = edited(fields[index].value), let newValue = change else { return nil }
            fields[index].value = newValue
            return .structure(fields)
        case (.array(var values), .element(let index)) where values.indices.contains(index),
             (.set(var values), .element(let index)) where values.indices.contains(index):
            guard let change = edited(values[index]) else { return nil }
            if let newValue = change { values[index] = newValue } else { values.remove(at: index) }
            if case .set = self { return .set(values) }
            return .array(values)
        case (.dictionary(var entries), .entryKey(let index)) where entries.indices.contains(index) && rest.isEmpty:
            guard let replacement else { return nil }
            entries[index].key = replacement
            return .dictionary(entries)
        case (.dictionary(var entries), .entryValue(let index)) where entries.indices.contains(index):
            guard let change = edited(entries[index].value) else { return nil }
            if let newValue = change { entries[index].value = newValue } else { entries.remove(at: index) }
            return .dictionary(entries)
        default:
            return nil
        }
    }
}

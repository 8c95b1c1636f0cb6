import FirestoreModel
import ModelSchema

/// A place in a schema's model reached along a coding path, one step at a time: the field type
/// there, the struct field the last step named, and the kind of container the place sits in.
///
/// Paths are coding paths: struct fields by coding key, array and set elements by index,
/// `[String: V]` and `[Int: V]` entries by key, and the flat arrays of enum-keyed dictionaries by
/// index (even indexes are keys, odd ones values). A step the schema has no place for leaves
/// the schema: every later place has no type. `ModelSchema.fieldType(at:)`,
/// `fieldSchema(at:)`, `container(of:)` and `LeafFacts(path:schema:held:)` all walk a path
/// with it; a walk over a whole value (the coverage grid's) steps it along, so that each place
/// costs one step instead of a walk from the root.
package struct SchemaCursor {
    /// The schema.
    package let schema: ModelSchema
    /// The field type at the place (nil at the root, or where the path left the schema).
    package private(set) var type: FieldType?
    /// The struct field the last step named, when it named one.
    package private(set) var field: FieldSchema?
    /// The kind of container the place sits in.
    package private(set) var container: LeafContainer
    /// Whether the place is the root.
    package private(set) var isRoot: Bool
    /// The hand-written coding of the place: its field's, or `elementwise` for an element of a
    /// list whose field codes it element by element.
    package private(set) var coding: FieldCoding?
    /// The struct whose fields the next step names by coding key, when the place holds one.
    private var structSchema: StructSchema?

    /// The root of `schema`'s model.
    package init(schema: ModelSchema) {
        self.schema = schema
        type = nil
        field = nil
        container = .topLevel
        isRoot = true
        coding = nil
        structSchema = schema.rootStruct
    }

    /// The place at `path` from the root.
    package init(schema: ModelSchema, path: ValuePath) {
        self.init(schema: schema)
        for component in path.components { step(component) }
    }

    /// The place one step further.
    package func child(_ component: ValuePath.Component) -> SchemaCursor {
        var next = self
        next.step(component)
        return next
    }

    /// The facts of the place, `held` being what the input holds there (as
    /// `LeafFacts(path:schema:held:)` gives them).
    package func facts(held: LeafValue) -> LeafFacts {
        let type = isRoot ? FieldType.structure(schema.root) : self.type
        return LeafFacts(type: type, family: type.map { TypeFamily($0, schema: schema) }, wrapper: field?.wrapper, coding: coding,
                         container: container, held: held)
    }

    /// Takes one step.
    private mutating func step(_ component: ValuePath.Component) {
        container = Self.container(under: isRoot ? .structure(schema.root) : type, at: component)
        isRoot = false
        let enclosing = field
        field = nil
        if let structSchema {
            if case .key(let key) = component {
                field = structSchema.fields.first { $0.codingKey?.utf8.elementsEqual(key.utf8) ?? false }
            }
            type = field?.type
        } else if let type {
            self.type = Self.elementType(of: type.unwrapped, at: component)
        }
        if let field {
            coding = field.coding
        } else if case .index = component, enclosing?.coding == .elementwise {
            coding = .elementwise
        } else {
            coding = nil
        }
        structSchema = nil
        if case .structure(let name)? = type?.unwrapped { structSchema = schema.structSchema(named: name) }
    }

    private static func elementType(of type: FieldType, at component: ValuePath.Component) -> FieldType? {
        switch (type, component) {
        case (.array(let element), .index), (.set(let element), .index):
            return element
        case (.dictionary(.enumeration(let name), let value), .index(let index)):
            return index % 2 == 0 ? .enumeration(name) : value
        case (.dictionary(_, let value), .key):
            return value
        default:
            return nil
        }
    }

    /// The kind of container a step from a place of type `parentType` leads into.
    private static func container(under parentType: FieldType?, at component: ValuePath.Component) -> LeafContainer {
        switch (parentType?.unwrapped, component) {
        case (.structure?, .key):
            return .structField
        case (.array?, .index):
            return .arrayElement
        case (.set?, .index):
            return .setElement
        case (.dictionary(.string, _)?, .key):
            return .stringKeyedValue
        case (.dictionary(.int, _)?, .key):
            return .intKeyedValue
        case (.dictionary(.enumeration, _)?, .index(let index)):
            return index % 2 == 0 ? .enumKeyedKey : .enumKeyedValue
        case (.dictionary(.enumeration, _)?, .key):
            return .enumKeyedValue
        default:
            // A path that leaves the schema (an unknown key, a foreign tree): the last step says
            // as much as can be said.
            if case .index = component { return .arrayElement }
            return .structField
        }
    }
}

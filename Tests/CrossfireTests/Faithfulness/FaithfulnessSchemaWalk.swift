import FirestoreModel
import ModelSchema

/// A document path read along a schema: for each component, the struct field it selects (if
/// it selects one) and whether it is an index whose element order the model leaves open.
struct SchemaWalk {
    /// One component of the path, as the schema sees it.
    struct Step {
        let component: ValuePath.Component
        /// The struct field this key selects; nil for elements, entries and dictionary keys.
        let field: FieldSchema?
        /// Whether the component is an entry of a dictionary or an element of a `Set`, whose
        /// order is the hash order of the Swift value.
        let isUnordered: Bool
    }

    /// The steps of the path's components the schema explains, in order; a path that goes
    /// further (into the keyed form of a `Timestamp`, the case key of a raw-less enum, a key
    /// the schema does not know) ends early.
    let steps: [Step]

    init(_ path: ValuePath, in schema: ModelSchema) {
        var steps: [Step] = []
        var structName: String? = schema.root
        var type: FieldType = .structure(schema.root)
        walk: for component in path.components {
            if let name = structName {
                guard case .key(let key) = component,
                      let field = schema.structSchema(named: name)?.fields.first(where: { $0.codingKey.map { $0.utf8.elementsEqual(key.utf8) } ?? false })
                else { break walk }
                steps.append(Step(component: component, field: field, isUnordered: false))
                type = field.type
            } else {
                switch (type.unwrapped, component) {
                case (.array(let element), .index):
                    steps.append(Step(component: component, field: nil, isUnordered: false))
                    type = element
                case (.set(let element), .index):
                    steps.append(Step(component: component, field: nil, isUnordered: true))
                    type = element
                case (.dictionary(.enumeration(let name), let value), .index(let index)):
                    steps.append(Step(component: component, field: nil, isUnordered: true))
                    type = index % 2 == 0 ? .enumeration(name) : value
                case (.dictionary(.string, let value), .key), (.dictionary(.int, let value), .key):
                    steps.append(Step(component: component, field: nil, isUnordered: true))
                    type = value
                default:
                    break walk
                }
            }
            if case .structure(let name) = type.unwrapped { structName = name } else { structName = nil }
        }
        self.steps = steps
    }

    /// `path` with every unordered component replaced (an index by -1, a key by `*`), the
    /// rest as it is: which element of a set or entry of a dictionary an encoder meets first
    /// depends on hash order.
    static func normalized(_ path: ValuePath, in schema: ModelSchema) -> ValuePath {
        let walk = SchemaWalk(path, in: schema)
        let known = walk.steps.map { step -> ValuePath.Component in
            switch (step.isUnordered, step.component) {
            case (true, .index): return .index(-1)
            case (true, .key): return .key("*")
            default: return step.component
            }
        }
        return ValuePath(known + path.components.dropFirst(known.count))
    }
}

/// `adapt devices`: the device profiles, one line each, or as the database's own JSON format.
package struct DeviceListing: Sendable {
    package let devices: [DeviceProfile]

    package init(_ devices: [DeviceProfile]) { self.devices = devices }

    package var text: String {
        let rows = devices.map { device -> [String] in
            var orientations: [String] = []
            for window in device.traitSets where !orientations.contains(window.orientation) { orientations.append(window.orientation) }
            let windows = orientations.map { orientation in
                let full = device.window(orientation: orientation)!
                return "\(orientation) \(full.horizontalSizeClass.rawValue.prefix(1).uppercased())/\(full.verticalSizeClass.rawValue.prefix(1).uppercased())"
            }
            return [
                device.id, device.name, device.modelIdentifiers.joined(separator: " "), device.idiom.rawValue,
                device.displayScales.map { "@\($0)x" }.joined(separator: " "), device.displayGamut.rawValue, "\(device.memory)GB",
                device.graphicsFeatureSets.first?.rawValue ?? "-", device.deviceSubtype ?? "", windows.joined(separator: ", "),
                device.traitSets.count > 2 ? "\(device.traitSets.count) windows" : "",
            ]
        }
        return TextTable.render(rows)
    }

    package var json: JSONValue {
        .object([
            "formatVersion": 2,
            "devices": .array(
                devices.map { device in
                    var object: JSONObject = [
                        "id": .string(device.id), "name": .string(device.name),
                        "modelIdentifiers": .array(device.modelIdentifiers.map(JSONValue.string)),
                        "idiom": .string(device.idiom.rawValue), "displayScales": .array(device.displayScales.map { .number(String($0)) }),
                        "screen": ["width": .number(String(device.screen.width)), "height": .number(String(device.screen.height))],
                        "displayGamut": .string(device.displayGamut.rawValue), "memory": .number(String(device.memory)),
                    ]
                    if !device.graphicsFeatureSets.isEmpty {
                        object["graphicsFeatureSets"] = .array(device.graphicsFeatureSets.map { .string($0.rawValue) })
                    }
                    if let width = device.screenWidth { object["screenWidth"] = .number(String(width)) }
                    if let subtype = device.deviceSubtype { object["deviceSubtype"] = .string(subtype) }
                    if !device.hostedIdioms.isEmpty { object["hostedIdioms"] = .array(device.hostedIdioms.map { .string($0.rawValue) }) }
                    if let newestOS = device.newestOS { object["newestOS"] = .string(newestOS.description) }
                    object["appearances"] = .array(device.appearances.map { .string($0.rawValue) })
                    object["traitSets"] = .array(
                        device.traitSets.map { window in
                            .object([
                                "orientation": .string(window.orientation), "multitasking": .string(window.multitasking),
                                "horizontalSizeClass": .string(window.horizontalSizeClass.rawValue),
                                "verticalSizeClass": .string(window.verticalSizeClass.rawValue),
                                "window": ["width": .number(String(window.window.width)), "height": .number(String(window.window.height))],
                            ])
                        })
                    return .object(object)
                }),
        ])
    }
}

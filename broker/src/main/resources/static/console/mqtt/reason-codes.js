// Reason codes as text: MQTT 5.0 section 2.4 and the MQTT 3.1.1 CONNACK return codes (section 3.2.2.3).

const V5 = new Map([
  [0x00, 'Success'],
  [0x01, 'Granted QoS 1'],
  [0x02, 'Granted QoS 2'],
  [0x04, 'Disconnect with Will Message'],
  [0x10, 'No matching subscribers'],
  [0x11, 'No subscription existed'],
  [0x18, 'Continue authentication'],
  [0x19, 'Re-authenticate'],
  [0x80, 'Unspecified error'],
  [0x81, 'Malformed Packet'],
  [0x82, 'Protocol Error'],
  [0x83, 'Implementation specific error'],
  [0x84, 'Unsupported Protocol Version'],
  [0x85, 'Client Identifier not valid'],
  [0x86, 'Bad User Name or Password'],
  [0x87, 'Not authorized'],
  [0x88, 'Server unavailable'],
  [0x89, 'Server busy'],
  [0x8a, 'Banned'],
  [0x8b, 'Server shutting down'],
  [0x8c, 'Bad authentication method'],
  [0x8d, 'Keep Alive timeout'],
  [0x8e, 'Session taken over'],
  [0x8f, 'Topic Filter invalid'],
  [0x90, 'Topic Name invalid'],
  [0x91, 'Packet Identifier in use'],
  [0x92, 'Packet Identifier not found'],
  [0x93, 'Receive Maximum exceeded'],
  [0x94, 'Topic Alias invalid'],
  [0x95, 'Packet too large'],
  [0x96, 'Message rate too high'],
  [0x97, 'Quota exceeded'],
  [0x98, 'Administrative action'],
  [0x99, 'Payload format invalid'],
  [0x9a, 'Retain not supported'],
  [0x9b, 'QoS not supported'],
  [0x9c, 'Use another server'],
  [0x9d, 'Server moved'],
  [0x9e, 'Shared Subscriptions not supported'],
  [0x9f, 'Connection rate exceeded'],
  [0xa0, 'Maximum connect time'],
  [0xa1, 'Subscription Identifiers not supported'],
  [0xa2, 'Wildcard Subscriptions not supported'],
]);

const V4_CONNACK = [
  'Connection Accepted',
  'Unacceptable protocol version',
  'Identifier rejected',
  'Server unavailable',
  'Bad user name or password',
  'Not authorized',
];

function hexCode(code) {
  return `0x${code.toString(16).padStart(2, '0')}`;
}

/**
 * The text of a reason code in a packet of the given type (CONNACK, SUBACK, DISCONNECT, PUBACK, …) under
 * protocol level 4 (3.1.1) or 5, with the code in hex, e.g. "Not authorized (0x87)".
 */
export function reasonText(code, packetType, version) {
  let text;
  if (version === 4 && packetType === 'CONNACK') {
    text = V4_CONNACK[code] ?? 'Reserved return code';
  } else if (version === 4 && packetType === 'SUBACK') {
    text = code === 0x80 ? 'Failure' : code <= 2 ? `Granted QoS ${code}` : 'Reserved return code';
  } else if (code === 0x00 && packetType === 'SUBACK') {
    text = 'Granted QoS 0';
  } else if (code === 0x00 && packetType === 'DISCONNECT') {
    text = 'Normal disconnection';
  } else {
    text = V5.get(code) ?? 'Unknown reason code';
  }
  return `${text} (${hexCode(code)})`;
}

/** Whether a reason code means failure: 0x80 and above (3.1.1 CONNACK: any code but 0). */
export function isFailure(code, packetType, version) {
  return version === 4 && packetType === 'CONNACK' ? code !== 0 : code >= 0x80;
}

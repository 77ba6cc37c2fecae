/**
 * The engine's API: "here is an index; store, find and count documents". Starting points: {@link
 * dev.duet.engine.Engine} (the operations) and {@link dev.duet.engine.Engines} (opening one on a
 * data folder). No sockets, JSON trees or protobuf types appear here.
 */
package dev.duet.engine;

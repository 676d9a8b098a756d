/**
 * A minimal dependency container: one instance per class per app, constructed from the constructor's
 * parameter types (emitDecoratorMetadata). Services mark themselves with `@Service()` so TypeScript
 * emits those types. Each `createApp` has its own container, so tests can run several apps at once.
 */
import 'reflect-metadata';
import type { ContainerType } from 'type-graphql';

type Class<T = unknown> = abstract new (...args: never[]) => T;

/** Marks a class for construction by the container (and makes TypeScript emit its parameter types). */
export function Service(): ClassDecorator {
  return () => undefined;
}

export class Container implements ContainerType {
  private readonly instances = new Map<unknown, unknown>();
  private readonly constructing = new Set<unknown>();

  /** Registers a ready-made instance (config, data source, event bus) under its class. */
  set<T>(cls: Class<T>, instance: T): this {
    this.instances.set(cls, instance);
    return this;
  }

  get<T>(cls: Class<T>): T {
    if (this.instances.has(cls)) return this.instances.get(cls) as T;
    if (this.constructing.has(cls)) throw new Error(`Dependency cycle through ${cls.name}`);
    this.constructing.add(cls);
    try {
      const paramTypes: Class[] = Reflect.getMetadata('design:paramtypes', cls) ?? [];
      const args = paramTypes.map((type, index) => {
        if (!type || (type as unknown) === Object) {
          throw new Error(`${cls.name}: constructor parameter ${index} has no class type to inject`);
        }
        return this.get(type);
      });
      const instance = new (cls as unknown as new (...a: unknown[]) => T)(...args);
      this.instances.set(cls, instance);
      return instance;
    } finally {
      this.constructing.delete(cls);
    }
  }
}

import type { Type } from '@nestjs/common';
import { Field, ObjectType } from '@nestjs/graphql';
import { PageInfoModel } from './page-info.model';

/**
 * A list's Relay connection type, `<name>Connection`, and its `<name>Edge`, around its node type: every
 * list of the schema pages the same way.
 */
export function connectionOf<T>(node: Type<T>, name: string) {
  @ObjectType(`${name}Edge`)
  class Edge {
    @Field()
    cursor!: string;

    @Field(() => node)
    node!: T;
  }

  @ObjectType(`${name}Connection`)
  class Connection {
    @Field(() => [Edge])
    edges!: Edge[];

    @Field(() => PageInfoModel)
    pageInfo!: PageInfoModel;
  }

  return Connection;
}
